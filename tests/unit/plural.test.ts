// Counts in words: the one rule behind every "N post(s)" the site and the admin show.
import { describe, expect, it } from 'vitest';
import { postCountText } from '@/lib/blog/posts';
import { countText, plural } from '@/lib/text/plural';

describe('plural and countText', () => {
  it('uses the singular for exactly one, the plural otherwise (zero included)', () => {
    expect(countText(1, 'post')).toBe('1 post');
    expect(countText(0, 'post')).toBe('0 posts');
    expect(countText(3, 'post')).toBe('3 posts');
    expect(plural(1, 'file is', 'files are')).toBe('file is');
    expect(plural(2, 'file is', 'files are')).toBe('files are');
    expect(plural(2, 'it', 'them')).toBe('them');
  });

  it('counts posts the same way everywhere', () => {
    expect(postCountText(1)).toBe('1 post');
    expect(postCountText(12)).toBe('12 posts');
  });
});
