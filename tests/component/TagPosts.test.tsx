// A tag's page: its count and page number, the cards of the page, links to its other pages, and, for
// the browser-rendered page of a tag only the admin's posts carry, all of them on one page.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TagPosts } from '@/components/react/TagPosts';
import type { CardPost } from '@/lib/blog/posts';

const card = (n: number): CardPost => ({
  slug: `post-${n}`,
  title: `Post ${n}`,
  excerpt: `About post ${n}`,
  tags: ['Home'],
  tagSlugs: ['home'],
  author: 'Admin',
  publishedAt: Date.UTC(2025, 0, 28 - n),
  day: `2025-01-${String(28 - n).padStart(2, '0')}`,
  dateLabel: `Jan ${28 - n}, 2025`,
});
const cards = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => card(from + i));

describe('TagPosts', () => {
  it("on the second of three pages: the tag's whole count, which page this is, its cards and the way on", () => {
    render(
      <TagPosts
        label="Home"
        posts={cards(12, 24)}
        otherTags={[{ slug: 'school', label: 'School', count: 2 }]}
        paging={{ slug: 'home', page: 2, pageCount: 3, postCount: 25 }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('25 posts')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.getByRole('link', { name: /Post 12/ })).toHaveAttribute('href', '/blog/post-12');
    const nav = screen.getByRole('navigation', { name: 'Pages of posts tagged Home' });
    expect(within(nav).getByRole('link', { name: 'Newer posts' })).toHaveAttribute('href', '/blog/tags/home');
    expect(within(nav).getByRole('link', { name: 'Older posts' })).toHaveAttribute(
      'href',
      '/blog/tags/home/page/3',
    );
    expect(within(nav).getByText('2', { exact: false }).closest('[aria-current]')).toHaveAttribute(
      'aria-current',
      'page',
    );
    const others = screen.getByRole('navigation', { name: 'Other tags' });
    expect(within(others).getByRole('link', { name: 'School, 2 posts' })).toHaveAttribute(
      'href',
      '/blog/tags/school',
    );
  });

  it('names no page and links none when all the posts fit on one', () => {
    render(
      <TagPosts
        label="Home"
        posts={cards(0, 3)}
        paging={{ slug: 'home', page: 1, pageCount: 1, postCount: 3 }}
      />,
    );
    expect(screen.getByText('3 posts')).toBeInTheDocument();
    expect(screen.queryByText(/^Page \d/)).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it("without paging (a tag only this browser's posts carry), counts and shows every post given", () => {
    render(<TagPosts label="Home" posts={cards(0, 14)} />);
    expect(screen.getByText('14 posts')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(14);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
