import { describe, expect, it } from 'vitest';
import { formatTags, parseTags } from '@/lib/blog/tags';

describe('parseTags', () => {
  it('splits on commas, trims and drops empty items (SPEC 5)', () => {
    expect(parseTags('autism, social skills,home')).toEqual(['autism', 'social skills', 'home']);
    expect(parseTags('  autism ,, , home  ,')).toEqual(['autism', 'home']);
    expect(parseTags('')).toEqual([]);
    expect(parseTags(' , ,')).toEqual([]);
  });

  it('keeps case and inner words, folding repeated spaces', () => {
    expect(parseTags('Ontario Autism  Program, OAP')).toEqual(['Ontario Autism Program', 'OAP']);
  });

  it('keeps a repeated tag once', () => {
    expect(parseTags('home, routines, home')).toEqual(['home', 'routines']);
  });

  it('reads a list the same way, so a content file, an import and the field agree', () => {
    expect(parseTags([' Life skills, Home', 'Home', '', 'social  skills'])).toEqual([
      'Life skills',
      'Home',
      'social skills',
    ]);
  });

  it('round-trips with formatTags', () => {
    expect(parseTags(formatTags(['a', 'b c']))).toEqual(['a', 'b c']);
    expect(formatTags([])).toBe('');
  });
});
