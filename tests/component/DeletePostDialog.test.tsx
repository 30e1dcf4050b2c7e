// The delete question says what deleting does: the post leaves this browser, and a post on the
// website stays there until it is removed from there. Which posts are on the website is
// useOnWebsite's (WebsiteControls.tsx), checked in tests/e2e/admin-standing.spec.ts.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  DELETE_KEEPS_WEBSITE_COPY,
  DELETE_QUESTION,
  DeletePostDialog,
} from '@/islands/admin/DeletePostDialog';
import type { Post, Publication } from '@/lib/db';

const post = (publication?: Publication): Post => ({
  id: 7,
  slug: 'visual-schedules',
  isDraft: 0,
  title: 'Visual Schedules at Home',
  excerpt: 'Pictures that show the day.',
  content: '<p>Text</p>',
  tags: [],
  author: 'Admin',
  publishedAt: new Date('2026-03-01'),
  updatedAt: new Date('2026-03-02'),
  ...(publication ? { publication } : {}),
});

const published: Publication = {
  file: 'visual-schedules.md',
  state: 'published',
  sha256: 'a'.repeat(64),
  postUpdatedAt: new Date('2026-03-02').getTime(),
  at: new Date('2026-03-02'),
  committed: true,
};

function open(target: Post, onWebsite = false) {
  render(
    <DeletePostDialog
      post={target}
      onWebsite={onWebsite}
      busy={false}
      onConfirm={vi.fn()}
      onCancel={vi.fn()}
    />,
  );
  return screen.getByRole('alertdialog', { name: 'Delete this post?' });
}

describe('DeletePostDialog', () => {
  it('asks the specified question and names the post', () => {
    const dialog = open(post());
    expect(dialog).toHaveTextContent(DELETE_QUESTION);
    expect(dialog).toHaveTextContent('“Visual Schedules at Home” will be removed from this browser.');
    expect(dialog).not.toHaveTextContent(DELETE_KEEPS_WEBSITE_COPY);
  });

  it('says that a post on the website stays there', () => {
    expect(open(post(published), true)).toHaveTextContent(DELETE_KEEPS_WEBSITE_COPY);
  });

  it('says nothing of the website for a post not on it', () => {
    const dialog = open(post({ ...published, state: 'removed', sha256: undefined }), false);
    expect(dialog).not.toHaveTextContent(DELETE_KEEPS_WEBSITE_COPY);
  });
});
