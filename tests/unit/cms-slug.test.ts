// One slug rule (issue 28): a new post's file in Decap CMS is named by the site's slug (src/lib/slug.ts),
// through Decap's own template and slug functions, read from its package, with admin/config.yml's settings.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { parseCmsConfig } from '@/lib/config/cms-config.mjs';
import { FILE_SLUG, fileSlugOf } from '@/lib/cms/entry';
import { SLUG_PATTERN } from '@/lib/blog/post-rules';
import { withUniqueSlugs } from '@/lib/blog/slugs';
import { slugFromTitle } from '@/lib/slug';

// Decap's formatters module imports its Redux store and its widgets' browser bundle, which need a
// window; the functions used here need neither, so those two imports get their Node-safe parts.
vi.mock('decap-cms-core/src/reducers/collections', () => ({}));
vi.mock('decap-cms-lib-widgets', async () => ({
  stringTemplate: await import('decap-cms-lib-widgets/src/stringTemplate'),
}));
const { getProcessSegment } = await import('decap-cms-core/src/lib/formatters');
const { compileStringTemplate } = await import('decap-cms-lib-widgets/src/stringTemplate');
const { Map: ImmutableMap } = await import('immutable');

interface Config {
  slug: { encoding: 'ascii' | 'unicode'; clean_accents: boolean; sanitize_replacement: string };
  collections: { name: string; slug?: string; fields: { name: string; pattern?: [string, string] }[] }[];
}
const config = parseCmsConfig(
  readFileSync(new URL('../../admin/config.yml', import.meta.url), 'utf8'),
) as Config;
const posts = config.collections.find((collection) => collection.name === 'posts')!;

/** The file name Decap gives a new entry: the collection's template, compiled as Decap compiles it. */
function decapFileSlug(template: string, data: Record<string, unknown>): string {
  return compileStringTemplate(
    template,
    new Date('2026-01-05T12:00:00Z'),
    String(data.title),
    ImmutableMap(data),
    getProcessSegment(config.slug),
  );
}

const TITLES = [
  'Crème brûlée & Co.',
  'Ärger über Öl, naïve café',
  '1.5 hours: what to expect?',
  "Don't stop — it's “fine”!",
  'Привет мир',
  'Zażółć gęślą jaźń',
  '  Visual   schedules  ',
];

describe("Decap's file names follow the site's slug rule", () => {
  it.each(TITLES)('%s', (title) => {
    const data = { title, [FILE_SLUG]: fileSlugOf({ title }) };
    const fileSlug = decapFileSlug(posts.slug!, data);
    expect(fileSlug).toBe(slugFromTitle(title));
    // The build addresses the post by the same slug (without a slug field, from its title).
    const [built] = withUniqueSlugs([{ id: fileSlug, title, publishedAt: new Date() }]);
    expect(built!.slug).toBe(fileSlug);
  });

  it('follows a slug the editor wrote', () => {
    const data = {
      title: 'Any title',
      slug: 'first-week-tips',
      [FILE_SLUG]: fileSlugOf({ title: 'Any title', slug: 'first-week-tips' }),
    };
    expect(decapFileSlug(posts.slug!, data)).toBe('first-week-tips');
  });

  it("is needed: Decap's own {{slug}} reads these titles differently", () => {
    const differ = TITLES.filter((title) => decapFileSlug('{{slug}}', { title }) !== slugFromTitle(title));
    expect(differ).toEqual(['Crème brûlée & Co.', '1.5 hours: what to expect?', 'Привет мир']);
  });

  it('checks the slug field with the schema pattern', () => {
    const field = posts.fields.find((f) => f.name === 'slug');
    expect(field?.pattern?.[0]).toBe(SLUG_PATTERN.source);
  });
});
