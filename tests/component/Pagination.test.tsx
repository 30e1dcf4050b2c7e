import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Pagination } from '@/components/react/Pagination';
import { blogPageHref } from '@/lib/blog/posts';

const pageLinks = () =>
  within(screen.getByRole('list'))
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('Pagination', () => {
  it('in the middle of 84 pages, links the first, the neighbours and the last, and says which is current', () => {
    render(<Pagination label="Blog pages" page={42} pageCount={84} href={blogPageHref} />);
    const nav = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(pageLinks()).toEqual([
      ['Page 1', '/blog'],
      ['Page 41', '/blog/page/41'],
      ['Page 43', '/blog/page/43'],
      ['Page 84', '/blog/page/84'],
    ]);
    expect(within(nav).getByText('42', { exact: false }).closest('[aria-current]')).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getAllByText('…')).toHaveLength(2);
    expect(within(nav).getByRole('link', { name: 'Newer posts' })).toHaveAttribute('href', '/blog/page/41');
    expect(within(nav).getByRole('link', { name: 'Older posts' })).toHaveAttribute('href', '/blog/page/43');
  });

  it('on the first page offers no newer posts, and on the last no older ones', () => {
    const { unmount } = render(<Pagination label="Blog pages" page={1} pageCount={3} href={blogPageHref} />);
    expect(screen.queryByRole('link', { name: 'Newer posts' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Older posts' })).toHaveAttribute('rel', 'next');
    expect(screen.queryByText('…')).toBeNull();
    unmount();
    render(<Pagination label="Blog pages" page={3} pageCount={3} href={blogPageHref} />);
    expect(screen.queryByRole('link', { name: 'Older posts' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Newer posts' })).toHaveAttribute('rel', 'prev');
  });
});
