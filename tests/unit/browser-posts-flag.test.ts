// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BROWSER_POSTS_ATTRIBUTE,
  BROWSER_POSTS_KEY,
  browserPostsHeadScript,
  hasBrowserPosts,
  markBrowserPosts,
} from '@/lib/store/browser-posts-flag';

const root = document.documentElement;
const runHeadScript = () => new Function(browserPostsHeadScript())();

describe('browser posts flag', () => {
  beforeEach(() => {
    localStorage.clear();
    root.removeAttribute(BROWSER_POSTS_ATTRIBUTE);
  });
  afterEach(() => localStorage.clear());

  it('is set by markBrowserPosts and read by hasBrowserPosts', () => {
    expect(hasBrowserPosts()).toBe(false);
    markBrowserPosts();
    expect(localStorage.getItem(BROWSER_POSTS_KEY)).toBe('1');
    expect(hasBrowserPosts()).toBe(true);
  });

  it('is copied onto <html> by the head script, for page scripts that import nothing', () => {
    runHeadScript();
    expect(root.hasAttribute(BROWSER_POSTS_ATTRIBUTE)).toBe(false);
    markBrowserPosts();
    runHeadScript();
    expect(root.hasAttribute(BROWSER_POSTS_ATTRIBUTE)).toBe(true);
  });

  it('leaves <html> alone when storage is blocked', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      expect(() => runHeadScript()).not.toThrow();
      expect(root.hasAttribute(BROWSER_POSTS_ATTRIBUTE)).toBe(false);
    } finally {
      Object.defineProperty(window, 'localStorage', original);
    }
  });
});
