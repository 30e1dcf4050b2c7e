// What an editor reads in the CMS (issue 20): list headings in plain words, pattern messages that say
// what to do, drafts marked in the list of posts. Decap's own template and phrase code (its sources in
// node_modules) turn admin/config.yml into the text on screen, so the test reads what the editor reads.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Map } from 'immutable';
import { describe, expect, it } from 'vitest';
import { parseCmsConfig } from '@/lib/config/cms-config.mjs';
// Decap's sources: the dist bundles need a browser window.
import { compileStringTemplate } from 'decap-cms-lib-widgets/src/stringTemplate';
import en from 'decap-cms-locales/src/en/index.js';
import { PATTERN_MESSAGE, withOurPhrases } from '@/lib/cms/phrases';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface Field {
  name: string;
  label?: string;
  label_singular?: string;
  widget?: string;
  pattern?: [string, string];
  fields?: Field[];
  field?: Field;
}
interface Collection {
  name: string;
  summary?: string;
  fields?: Field[];
  files?: { fields: Field[] }[];
}
const config = parseCmsConfig(readFileSync(join(root, 'admin/config.yml'), 'utf8')) as {
  collections: Collection[];
};

const everyField = (fields: readonly Field[]): Field[] =>
  fields.flatMap((f) => [f, ...everyField([...(f.fields ?? []), ...(f.field ? [f.field] : [])])]);
const fields = everyField(
  config.collections.flatMap((c) => [...(c.fields ?? []), ...(c.files ?? []).flatMap((f) => f.fields)]),
);
const lists = fields.filter((f) => f.widget === 'list');

/** The heading and add button of a list, as Decap's ListControl writes them. */
function listTexts(list: Field, size: number) {
  const label = list.label ?? list.name;
  const singular = list.label_singular ?? label;
  return {
    heading: `${size} ${(size === 1 ? singular : label).toLowerCase()}`,
    add: `Add ${singular.toLowerCase()}`,
  };
}

describe('lists in the CMS', () => {
  it('are headed by their size and a plural noun, and add one item by its own name', () => {
    expect(
      Object.fromEntries(
        lists.map((list) => [list.name, [listTexts(list, 2).heading, listTexts(list, 1).add]]),
      ),
    ).toEqual({
      tags: ['2 tags', 'Add tag'],
      features: ['2 parts of this service', 'Add part of this service'],
      outcomes: ['2 goals families work toward', 'Add goal families work toward'],
      courses: ['2 courses', 'Add course'],
      topics: ['2 topics', 'Add topic'],
      notes: ['2 notes', 'Add note'],
      highlights: ['2 highlights', 'Add highlight'],
      bio: ['2 biography paragraphs', 'Add biography paragraph'],
      hours: ['2 opening hours rows', 'Add opening hours row'],
    });
  });

  it('each have a name for one item (a new list without it would read "Add biography")', () => {
    for (const list of lists) expect(list.label_singular, list.name).toBeTruthy();
  });
});

describe('pattern messages', () => {
  const patterns = fields.filter((f) => f.pattern);

  it('say what to do, in a sentence Decap ends with a full stop', () => {
    expect(patterns.length).toBeGreaterThan(30);
    for (const field of patterns) {
      const message = field.pattern![1];
      expect(message, field.name).toMatch(/^(Write|Use|Choose) .*[^.\s]$/);
    }
  });

  it('are shown alone: Decap no longer wraps them in "didn\'t match the pattern"', () => {
    const phrases = withOurPhrases(en);
    expect(phrases.editor.editorControlPane.widget.regexPattern).toBe(PATTERN_MESSAGE);
    const tag = fields.find((f) => f.name === 'tag')!;
    expect(PATTERN_MESSAGE.replace('%{pattern}', tag.pattern![1])).toBe(
      'Write a tag of at most 40 characters.',
    );
    // Decap's own phrases are left as they were.
    expect(en.editor.editorControlPane.widget.regexPattern).toContain("didn't match the pattern");
    expect(phrases.editor.editorControlPane.widget.required).toBe(
      en.editor.editorControlPane.widget.required,
    );
  });
});

describe('the list of posts', () => {
  const posts = config.collections.find((c) => c.name === 'posts')!;
  const line = (data: Record<string, unknown>) => compileStringTemplate(posts.summary!, null, '', Map(data));

  it('marks a draft, and only a draft', () => {
    expect(line({ title: 'Visual schedules', publishedAt: '2025-01-05', isDraft: true })).toBe(
      'Draft: Visual schedules (2025-01-05)',
    );
    expect(line({ title: 'Visual schedules', publishedAt: '2025-01-05', isDraft: false })).toBe(
      'Visual schedules (2025-01-05)',
    );
    expect(line({ title: 'Visual schedules', publishedAt: '2025-01-05' })).toBe(
      'Visual schedules (2025-01-05)',
    );
  });
});
