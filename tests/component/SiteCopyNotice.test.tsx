import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteCopyNotice } from '@/islands/blog/SiteCopyNotice';

describe('SiteCopyNotice', () => {
  it('tells the admin that visitors still see a post drafted here, and how that changes', () => {
    render(<SiteCopyNotice change={{ kind: 'draft' }} />);
    expect(screen.getByRole('note')).toHaveTextContent(
      "Only you see this note. You made this post a draft in this browser's admin. Visitors still see it here until you choose “Remove from website” in the list of posts.",
    );
  });

  it('says a post deleted here is still on the website', () => {
    render(<SiteCopyNotice change={{ kind: 'deleted' }} />);
    expect(screen.getByRole('note')).toHaveTextContent(
      'which does not take it off the website: visitors still see it here',
    );
  });

  it('links a retitled post to its new address', () => {
    render(<SiteCopyNotice change={{ kind: 'moved', slug: 'a-new-title' }} />);
    expect(screen.getByRole('link', { name: 'see your version' })).toHaveAttribute(
      'href',
      '/blog/a-new-title',
    );
  });
});
