import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  assignSlugs,
  BLOG_PAGE_SLUGS,
  FALLBACK_SLUG,
  freePostSlug,
  slugFromTitle,
  tagSlug,
  uniqueSlug,
} from '@/lib/slug';

describe('slug rule', () => {
  it.each([
    ['What Is ABA Therapy?', 'what-is-aba-therapy'],
    ['Café Crème: Brûlée!', 'cafe-creme-brulee'],
    ['  Many    spaces\tand\ttabs  ', 'many-spaces-and-tabs'],
    ['Visual schedules — a how-to', 'visual-schedules-a-how-to'],
    ['Isn’t it (really) 100% fun?', 'isnt-it-really-100percent-fun'],
    ['Ünïcödé Çafé Øresund', 'unicode-cafe-oresund'],
    ['😀 Emoji 🎉 in a title', 'emoji-in-a-title'],
    // Pasted from a PDF: the ligatures ﬁ and ﬂ (U+FB01, U+FB02) were dropped ('benets-of-exible').
    ['Beneﬁts of ﬂexible routines', 'benefits-of-flexible-routines'],
    ['ＡＢＡ at home, ２０２６', 'aba-at-home-2026'],
  ])('%s -> %s', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('gives a fallback for a title with no usable characters', () => {
    expect(slugFromTitle('!!! ???')).toBe(FALLBACK_SLUG);
    expect(slugFromTitle('🎉🎉')).toBe(FALLBACK_SLUG);
    expect(slugFromTitle('')).toBe(FALLBACK_SLUG);
  });

  it('adds the first free numeric suffix on a collision', () => {
    expect(uniqueSlug('a', new Set())).toBe('a');
    expect(uniqueSlug('a', new Set(['a']))).toBe('a-2');
    expect(uniqueSlug('a', new Set(['a', 'a-2', 'a-3']))).toBe('a-4');
  });

  it('never gives two posts the same slug, and keeps an explicit slug', () => {
    const slugs = assignSlugs([
      { title: 'Hello' },
      { title: 'hello!' },
      { title: 'Other', slug: 'Hello' },
      { title: 'Custom', slug: 'my-custom-url' },
    ]).map((post) => post.slug);
    // A slug the post names is kept before one made from a title.
    expect(slugs).toEqual(['hello-2', 'hello-3', 'hello', 'my-custom-url']);
  });

  it("never gives a post the address of one of the blog's own pages", () => {
    // /blog/tags is the tag list and /blog/index is /blog: a post there could not be reached.
    const slugs = assignSlugs([
      { title: 'Tags' },
      { title: 'Other', slug: 'tags' },
      { title: 'Index' },
      { title: 'Page' },
    ]).map((post) => post.slug);
    expect(slugs).toEqual(['tags-3', 'tags-2', 'index-2', 'page']);
    expect(freePostSlug('tags')).toBe('tags-2');
    expect(freePostSlug('tags', new Set(['tags-2']))).toBe('tags-3');
  });

  it('knows every page of src/pages/blog/ that a post could stand in front of', () => {
    const dir = new URL('../../src/pages/blog/', import.meta.url);
    // A page of its own at /blog/{name}: name.astro, or name/index.astro (page/ holds only [page]).
    const pages = readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.isFile())
        return /^[^[].*\.astro$/.test(entry.name) ? [entry.name.replace(/\.astro$/, '')] : [];
      return existsSync(new URL(`${entry.name}/index.astro`, dir)) ? [entry.name] : [];
    });
    expect(pages.length).toBeGreaterThan(0);
    for (const name of pages) expect(BLOG_PAGE_SLUGS.has(name), name).toBe(true);
  });

  it('gives each tag its own address, also one the rule keeps no letter of', () => {
    expect(tagSlug('Social Skills')).toBe('social-skills');
    expect(tagSlug('social  skills')).toBe('social-skills');
    expect(tagSlug('Post')).toBe('post');
    // Without letters or digits the rule keeps, these all took the fallback and shared /blog/tags/post.
    const own = ['日本語', '中文', '⭐', '🎉'].map(tagSlug);
    for (const slug of own) expect(slug).toMatch(/^tag-[0-9a-f]{8}$/);
    expect(new Set([...own, tagSlug('Post')]).size).toBe(5);
    // The same in every build and browser, and whatever the case.
    expect(tagSlug('日本語')).toBe(own[0]);
    expect(tagSlug('Ωμέγα')).toBe(tagSlug('ωμέγα'));
  });

  it('gives a tag one address however its characters are encoded or spaced', () => {
    // A Mac keyboard can send 한 as three combining letters (NFD): the same tag, the same page.
    expect(tagSlug('한국어'.normalize('NFD'))).toBe(tagSlug('한국어'));
    expect(tagSlug(' ⭐ ')).toBe(tagSlug('⭐'));
    // Eight hexadecimal digits even when the hash is small ('★' hashes to 0x003b8f40).
    expect(tagSlug('★')).toBe('tag-003b8f40');
  });

  it('takes a post whose slug is only spaces by its title', () => {
    expect(assignSlugs([{ title: 'Visual schedules', slug: '   ' }])[0]?.slug).toBe('visual-schedules');
  });
});
