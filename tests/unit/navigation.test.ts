import { describe, expect, it } from 'vitest';
import { ariaCurrentFor, normalisePath } from '@/lib/page/nav-current';
import {
  BLOG_SETTLE_DELAY_MS,
  HOME_SECTIONS,
  SCROLL_DELAY_MS,
  isHomeSection,
  planAnchorScroll,
} from '@/lib/page/anchor-scroll';
import { BOOK_CONSULTATION, NAV_ITEMS } from '@/lib/site/navigation';

describe('navigation items', () => {
  it('lists the header items of the spec, in order', () => {
    expect(NAV_ITEMS.map((item) => item.name)).toEqual([
      'Home',
      'Services',
      'Our Approach',
      'Team',
      'Training',
      'Blog',
      'Contact',
    ]);
    expect(BOOK_CONSULTATION).toEqual({ name: 'Book Consultation', href: '/#contact' });
  });

  it('points every section item at a home section', () => {
    for (const item of NAV_ITEMS.filter((entry) => entry.href.startsWith('/#'))) {
      expect(isHomeSection(item.href.slice(2))).toBe(true);
    }
    expect(HOME_SECTIONS).toEqual(['services', 'approach', 'team', 'contact', 'blog']);
    expect(isHomeSection('main-content')).toBe(false);
  });
});

describe('planAnchorScroll', () => {
  it('waits ~100 ms after arriving from another route, not on the home page itself', () => {
    expect(planAnchorScroll('team', true)).toEqual([
      { target: 'team', delayMs: SCROLL_DELAY_MS, focusContactInput: false },
    ]);
    expect(planAnchorScroll('team', false)).toEqual([
      { target: 'team', delayMs: 0, focusContactInput: false },
    ]);
    expect(SCROLL_DELAY_MS).toBe(100);
  });

  it('focuses the contact form after scrolling to contact', () => {
    expect(planAnchorScroll('contact', true)).toEqual([
      { target: 'contact', delayMs: 100, focusContactInput: true },
    ]);
  });

  it('scrolls to the blog again after ~800 ms', () => {
    expect(planAnchorScroll('blog', true)).toEqual([
      { target: 'blog', delayMs: 100, focusContactInput: false },
      { target: 'blog', delayMs: BLOG_SETTLE_DELAY_MS, focusContactInput: false },
    ]);
    expect(BLOG_SETTLE_DELAY_MS).toBe(800);
  });

  it('scrolls to the top at once', () => {
    expect(planAnchorScroll('top', true)).toEqual([{ target: 'top', delayMs: 0, focusContactInput: false }]);
  });
});

describe('aria-current of navigation links', () => {
  it('treats trailing slashes and index.html as the same page', () => {
    expect(normalisePath('/training/')).toBe('/training');
    expect(normalisePath('/index.html')).toBe('/');
    expect(normalisePath('/blog/index.html')).toBe('/blog');
    expect(normalisePath('')).toBe('/');
  });

  it('marks the link to the page being shown and to the part of the site it is in, never a section link', () => {
    expect(ariaCurrentFor('/training', '/training/')).toBe('page');
    expect(ariaCurrentFor('/', '/')).toBe('page');
    expect(ariaCurrentFor('/#services', '/')).toBeUndefined();
    // Below a page: a post or a tag page is in the blog.
    expect(ariaCurrentFor('/blog', '/blog/some-post')).toBe('true');
    expect(ariaCurrentFor('/blog', '/blog/tags/home/')).toBe('true');
    expect(ariaCurrentFor('/blog', '/blogroll')).toBeUndefined();
    expect(ariaCurrentFor('/', '/blog')).toBeUndefined();
    expect(ariaCurrentFor('/', '/training')).toBeUndefined();
  });
});
