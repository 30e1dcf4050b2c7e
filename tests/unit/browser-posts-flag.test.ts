// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import browserPostsDirective from '@/directives/browser-posts';
import interact from '@/directives/interact';
import { preferencesHeadScript } from '@/lib/page/a11y-preferences';
import { BROWSER_POSTS_KEY, hasBrowserPosts, markBrowserPosts } from '@/lib/store/browser-posts-flag';
import { withStorageBlocked } from '../helpers';

const hydration = () => vi.fn(async () => async () => {});
const islandElement = () => document.body.appendChild(document.createElement('astro-island'));

describe('browser posts flag', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    localStorage.clear();
    document.body.innerHTML = '';
  });

  it('is set by markBrowserPosts and read by hasBrowserPosts', () => {
    expect(hasBrowserPosts()).toBe(false);
    markBrowserPosts();
    expect(localStorage.getItem(BROWSER_POSTS_KEY)).toBe('1');
    expect(hasBrowserPosts()).toBe(true);
  });

  it('reads as no posts, and marks nothing, when storage is blocked', async () => {
    await withStorageBlocked('localStorage', () => {
      expect(hasBrowserPosts()).toBe(false);
      expect(() => markBrowserPosts()).not.toThrow();
    });
  });

  it('client:browser-posts hydrates only in a browser that keeps posts', async () => {
    const without = hydration();
    await browserPostsDirective(without, { name: 'browser-posts', value: '' }, islandElement());
    expect(without).not.toHaveBeenCalled();
    markBrowserPosts();
    const withPosts = hydration();
    await browserPostsDirective(withPosts, { name: 'browser-posts', value: '' }, islandElement());
    expect(withPosts).toHaveBeenCalledOnce();
  });

  it('client:interact="browser-posts" waits for the visitor, unless this browser keeps posts', () => {
    const waits = hydration();
    interact(waits, { name: 'interact', value: 'browser-posts' }, islandElement());
    expect(waits).not.toHaveBeenCalled();
    markBrowserPosts();
    const atOnce = hydration();
    interact(atOnce, { name: 'interact', value: 'browser-posts' }, islandElement());
    expect(atOnce).toHaveBeenCalledOnce();
  });

  // Lever 29 (docs/performance.md): the head script runs in the parse the first paint waits for, and
  // a page's first storage read costs it several milliseconds; the flag is read after that paint.
  it('is not read by the head script, which runs before the first paint', () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    try {
      new Function(preferencesHeadScript())();
      expect(getItem.mock.contexts).not.toContain(localStorage);
      expect(getItem).not.toHaveBeenCalledWith(BROWSER_POSTS_KEY);
    } finally {
      getItem.mockRestore();
    }
  });
});
