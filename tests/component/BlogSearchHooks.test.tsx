// The blog search's hooks and status text on their own: loading the posts, fuse.js on demand,
// 'Show more posts', and what the polite status says.
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAD_FAILED, searchAnnouncement } from '@/islands/blog/search-announcement';
import { useBlogPosts } from '@/islands/blog/useBlogPosts';
import { useFuzzyMatcher } from '@/islands/blog/useFuzzyMatcher';
import { useShowMore } from '@/islands/blog/useShowMore';
import { BLOG_PAGE_SIZE, type CardPost } from '@/lib/blog/posts';
import { deferred } from '../helpers';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('useBlogPosts', () => {
  it('is loading until the list arrives, then ready with it', async () => {
    const list = deferred<{ posts: CardPost[]; changed: boolean }>();
    const load = vi.fn(() => list.promise);
    const { result } = renderHook(() => useBlogPosts(load));
    expect(result.current).toEqual({ status: 'loading' });
    await act(async () => list.resolve({ posts: [], changed: true }));
    expect(result.current).toEqual({ status: 'ready', posts: [], changed: true });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says failed when the list cannot be loaded', async () => {
    const { result } = renderHook(() => useBlogPosts(() => Promise.reject(new Error('offline'))));
    await waitFor(() => expect(result.current).toEqual({ status: 'failed' }));
  });
});

describe('useFuzzyMatcher', () => {
  it('loads fuse.js only once it is wanted, and keeps it', async () => {
    const { result, rerender } = renderHook(({ wanted }) => useFuzzyMatcher(wanted), {
      initialProps: { wanted: false },
    });
    // Another search that wants it: once fuse.js has arrived there, this hook has still not asked.
    const other = renderHook(() => useFuzzyMatcher(true));
    await waitFor(() => expect(other.result.current).toBeTypeOf('function'));
    expect(result.current).toBeUndefined();
    rerender({ wanted: true });
    await waitFor(() => expect(result.current).toBeTypeOf('function'));
    const loaded = result.current;
    rerender({ wanted: false });
    expect(result.current).toBe(loaded);
  });
});

describe('useShowMore', () => {
  function cards(count: number) {
    const results = document.createElement('div');
    for (let i = 0; i < count; i += 1) {
      const link = document.createElement('a');
      link.href = `/blog/post-${i}`;
      link.dataset.cardLink = '';
      results.append(link);
    }
    document.body.append(results);
    return results;
  }

  it('widens the list a page at a time and focuses the first card added', () => {
    const results = cards(BLOG_PAGE_SIZE * 2);
    const { result } = renderHook(({ filterKey }) => useShowMore(filterKey), {
      initialProps: { filterKey: 'routines|' },
    });
    (result.current.resultsRef as { current: HTMLDivElement | null }).current = results as HTMLDivElement;
    expect(result.current.limit).toBe(BLOG_PAGE_SIZE);
    act(() => result.current.showMore());
    expect(result.current.limit).toBe(BLOG_PAGE_SIZE * 2);
    expect(results.querySelectorAll('a')[BLOG_PAGE_SIZE]).toHaveFocus();
    results.remove();
  });

  it('starts again from one page for a new search or tag', () => {
    const { result, rerender } = renderHook(({ filterKey }) => useShowMore(filterKey), {
      initialProps: { filterKey: 'routines|' },
    });
    act(() => result.current.showMore());
    expect(result.current.limit).toBe(BLOG_PAGE_SIZE * 2);
    rerender({ filterKey: 'routine|' });
    expect(result.current.limit).toBe(BLOG_PAGE_SIZE);
  });
});

describe('searchAnnouncement', () => {
  const state = { status: 'ready' as const, filtering: true, hasFiltered: true, posts: 4, results: 1 };

  it('counts the matches while filtering', () => {
    expect(searchAnnouncement(state)).toBe('1 post found');
    expect(searchAnnouncement({ ...state, results: 3 })).toBe('3 posts found');
    expect(searchAnnouncement({ ...state, results: 0 })).toBe('No posts found');
    expect(searchAnnouncement({ ...state, posts: 0, results: 0 })).toBe('No posts yet');
  });

  it('says loading and failure, and the whole list once the filters are cleared', () => {
    expect(searchAnnouncement({ ...state, status: 'loading' })).toBe('Loading posts...');
    expect(searchAnnouncement({ ...state, status: 'failed', filtering: false })).toBe(LOAD_FAILED);
    expect(searchAnnouncement({ ...state, filtering: false })).toBe('Showing all 4 posts');
    expect(searchAnnouncement({ ...state, filtering: false, hasFiltered: false })).toBe('');
  });
});
