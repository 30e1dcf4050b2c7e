import { describe, expect, it } from 'vitest';
import { assignSlugs, FALLBACK_SLUG, slugFromTitle, uniqueSlug } from '@/lib/slug';

describe('slug rule', () => {
  it.each([
    ['What Is ABA Therapy?', 'what-is-aba-therapy'],
    ['Café Crème: Brûlée!', 'cafe-creme-brulee'],
    ['  Many    spaces\tand\ttabs  ', 'many-spaces-and-tabs'],
    ['Visual schedules — a how-to', 'visual-schedules-a-how-to'],
    ['Isn’t it (really) 100% fun?', 'isnt-it-really-100percent-fun'],
    ['Ünïcödé Çafé Øresund', 'unicode-cafe-oresund'],
    ['😀 Emoji 🎉 in a title', 'emoji-in-a-title'],
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
    expect(slugs).toEqual(['hello', 'hello-2', 'hello-3', 'my-custom-url']);
  });
});
