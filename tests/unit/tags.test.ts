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

  it('keeps the first spelling of a tag written twice in other letters or signs (one page, one chip)', () => {
    expect(parseTags('Social Skills, social skills, Social-Skills, home')).toEqual(['Social Skills', 'home']);
    expect(parseTags(['日本語', '中文', '日本語'])).toEqual(['日本語', '中文']);
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
