// admin/config.yml (Decap CMS) against the content schemas: every collection must have exactly the
// fields of its schema, with the same required fields, defaults, lists, choices and nested objects, so a
// drifted CMS config fails here instead of silently hiding posts from editors or writing files the build
// rejects. Also: the CMS's writers (src/lib/cms/formats.ts) keep every value of every content file,
// write Prettier's layout and give a file in the repository's layout back byte for byte; cleared
// optional values are dropped before saving (src/lib/cms/entry.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { parseFrontmatter } from 'astro/markdown';
import { describe, expect, it } from 'vitest';
import { parseCmsConfig } from '@/lib/config/cms-config.mjs';
import { z } from 'astro/zod';
import { isClearedValue, withoutClearedValues } from '@/lib/cms/entry';
import {
  fieldsByNames,
  formatFrontMatter,
  formatJson,
  formatMarkdown,
  parseFrontMatter,
  type CmsField,
} from '@/lib/cms/formats';
import { practiceSettingsSchema } from '@/lib/site/settings';
import { pageSchema, postSchema, serviceSchema, teamSchema, trainingSchema } from '@/lib/content/schemas';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Field extends CmsField {
  label?: string;
  widget: string;
  required?: boolean;
  default?: unknown;
  pattern?: [string, string];
  hint?: string;
  options?: (string | { label: string; value: string })[];
  multiple?: boolean;
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  fields?: Field[];
  field?: Field;
  sanitize_preview?: boolean;
  summary?: string;
  allow_add?: boolean;
  allow_remove?: boolean;
  media_folder?: string;
  public_folder?: string;
}
interface Collection {
  name: string;
  folder?: string;
  extension?: string;
  format?: string;
  files?: { name: string; file: string; fields: Field[] }[];
  fields?: Field[];
  media_folder?: string;
  public_folder?: string;
}
interface Config {
  backend: { name: string };
  local_backend?: boolean;
  media_folder: string;
  public_folder: string;
  collections: Collection[];
}
const config = parseCmsConfig(read('admin/config.yml')) as Config;
const collection = (name: string) => {
  const found = config.collections.find((c) => c.name === name);
  if (!found) throw new Error(`admin/config.yml has no collection "${name}"`);
  return found;
};
const fileOf = (name: string, file: string) => {
  const found = collection(name).files?.find((f) => f.name === file);
  if (!found) throw new Error(`collection "${name}" has no file "${file}"`);
  return found;
};

/** The schemas as JSON Schema, input side (what a content file holds before defaults and transforms). */
interface Prop {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Prop;
  properties?: Record<string, Prop>;
  required?: string[];
  anyOf?: Prop[];
}
const imageStandIn = { image: () => z.string().min(1) } as unknown as Parameters<typeof postSchema>[0];
const jsonSchema = (schema: z.core.$ZodType): Prop =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Prop;

/** A union of object shapes (open or closed hours) is one object in the CMS: a key is required if every shape requires it. */
function merged(prop: Prop): Prop {
  if (!prop.anyOf) return prop;
  const shapes = prop.anyOf.map(merged);
  return {
    type: 'object',
    properties: Object.assign({}, ...shapes.map((s) => s.properties)),
    required: (shapes[0]?.required ?? []).filter((key) => shapes.every((s) => s.required?.includes(key))),
  };
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const optionValues = (field: Field) =>
  (field.options ?? []).map((option) => (typeof option === 'string' ? option : option.value));
const accepts = (field: Field, text: string) => !field.pattern || new RegExp(field.pattern[0]).test(text);

/**
 * The limits a field's words give ('at most 150 characters', 'Up to 40 characters each') that are not
 * `limit`: the pattern is checked against the schema, its message and the hint are copies of the number.
 */
const wrongLimitWords = (field: Field, limit: number | undefined, words = [field.pattern?.[1], field.hint]) =>
  words.flatMap((text) =>
    [...(text ?? '').matchAll(/(\d+) characters/g)]
      .filter(([, count]) => Number(count) !== limit)
      .map(([, count]) => `"${text}" says ${count} characters, the schema takes ${limit}`),
  );

/** Every difference between a CMS field and the schema property, as readable messages. */
function fieldProblems(field: Field, prop: Prop, required: boolean, at: string): string[] {
  const problems: string[] = [];
  const says = (message: string) => problems.push(`${at}: ${message}`);
  const cmsRequired = field.required !== false;
  if (cmsRequired !== required) says(`required is ${cmsRequired} in the CMS, ${required} in the schema`);
  if ('default' in prop) {
    if (JSON.stringify(field.default) !== JSON.stringify(prop.default))
      says(
        `default is ${JSON.stringify(field.default)} in the CMS, ${JSON.stringify(prop.default)} in the schema`,
      );
  } else if ('default' in field && !required) {
    says(`the CMS sets a default (${JSON.stringify(field.default)}) the schema does not have`);
  }

  switch (field.widget) {
    case 'string':
    case 'text':
    case 'markdown':
    case 'image':
    case 'file': {
      if (prop.type !== 'string') says(`widget ${field.widget} holds text, the schema expects ${prop.type}`);
      if (prop.pattern && prop.format !== 'email' && field.pattern?.[0] !== prop.pattern)
        says(`pattern is ${field.pattern?.[0]} in the CMS, ${prop.pattern} in the schema`);
      if (
        prop.format === 'email' &&
        (!accepts(field, 'hello@example.com') || accepts(field, 'not-an-address'))
      )
        says('the CMS pattern does not check an e-mail address');
      if (!prop.pattern && prop.maxLength !== undefined) {
        if (!accepts(field, 'A'.repeat(prop.maxLength)) || accepts(field, 'A'.repeat(prop.maxLength + 1)))
          says(`the CMS pattern does not limit the text to ${prop.maxLength} characters`);
      }
      wrongLimitWords(field, prop.maxLength).forEach(says);
      // The schema trims before it counts, so a required text of only spaces fails the build: the CMS
      // form must refuse it first, or the admin learns of it only from a failed deploy.
      if (!prop.pattern && (prop.minLength ?? 0) >= 1 && accepts(field, '   '))
        says('the CMS pattern accepts a text of only spaces, which the schema refuses');
      if (!prop.pattern && (prop.minLength ?? 0) > 1 && accepts(field, 'A'.repeat(prop.minLength! - 1)))
        says(`the CMS pattern accepts fewer than ${prop.minLength} characters`);
      break;
    }
    case 'datetime':
      // A date is coerced (z.coerce.date), which JSON Schema cannot describe: the property has no type.
      if (prop.type !== undefined) says(`widget datetime, the schema expects ${prop.type}`);
      break;
    case 'boolean':
      if (prop.type !== 'boolean') says(`widget boolean, the schema expects ${prop.type}`);
      break;
    case 'number': {
      const integer = prop.type === 'integer';
      if (!integer && prop.type !== 'number') says(`widget number, the schema expects ${prop.type}`);
      if ((field.value_type ?? 'float') !== (integer ? 'int' : 'float'))
        says(`value_type ${field.value_type} for a schema ${prop.type}`);
      const min =
        prop.minimum ?? (prop.exclusiveMinimum !== undefined ? prop.exclusiveMinimum + 1 : undefined);
      if (field.min !== min) says(`min is ${field.min} in the CMS, ${min} in the schema`);
      const max = prop.maximum !== undefined && prop.maximum < MAX_SAFE ? prop.maximum : undefined;
      if (field.max !== max) says(`max is ${field.max} in the CMS, ${max} in the schema`);
      break;
    }
    case 'select': {
      const values = optionValues(field);
      const target = field.multiple ? prop.items : prop;
      if (field.multiple && prop.type !== 'array') says(`a multiple select, the schema expects ${prop.type}`);
      if (target?.type !== 'string') says(`select of text, the schema expects ${target?.type}`);
      if (target?.enum && JSON.stringify([...values].sort()) !== JSON.stringify([...target.enum].sort()))
        says(`options ${values.join(', ')} differ from the schema's ${target.enum.join(', ')}`);
      if (field.multiple && field.min !== prop.minItems)
        says(`min is ${field.min}, minItems ${prop.minItems}`);
      break;
    }
    case 'list': {
      if (prop.type !== 'array') says(`widget list, the schema expects ${prop.type}`);
      if (field.min !== prop.minItems) says(`min is ${field.min} in the CMS, ${prop.minItems} in the schema`);
      if (field.max !== prop.maxItems) says(`max is ${field.max} in the CMS, ${prop.maxItems} in the schema`);
      // Decap checks a list's min only when it has a max too: otherwise an emptied list is saved.
      if (field.min !== undefined && field.max === undefined)
        says('min without max: the list can be emptied');
      // A list of a fixed length (the two courses) offers neither an add nor a delete button.
      if (field.min !== undefined && field.min === field.max && (field.allow_add ?? true))
        says('a list of a fixed length lets the admin add an item');
      if (field.min !== undefined && field.min === field.max && (field.allow_remove ?? true))
        says('a list of a fixed length lets the admin delete an item');
      // Decap folds list items; a list of one field shows only that field's label ("Item, Item,
      // Item") unless its summary shows the item's own text.
      if (field.field && !new RegExp(`{{fields\\.${field.field.name}[ }]`).test(field.summary ?? ''))
        says(`folded items do not show their text (summary: "{{fields.${field.field.name} | ...}}")`);
      const items = merged(prop.items ?? {});
      // A list's hint speaks of its items ('Up to 40 characters each').
      wrongLimitWords(field, items.maxLength, [field.hint]).forEach(says);
      if (field.fields) problems.push(...objectProblems(field.fields, items, `${at}[]`));
      else if (field.field) problems.push(...fieldProblems(field.field, items, true, `${at}[]`));
      // Without one, Decap shows a comma-separated input that trims at each key press: a space or a
      // comma typed at its end is lost, so 'Daily living' cannot be typed.
      else says('a comma-separated list: give it a field, one input per item');
      break;
    }
    case 'object':
      if (prop.type !== 'object') says(`widget object, the schema expects ${prop.type}`);
      problems.push(...objectProblems(field.fields ?? [], prop, at));
      break;
    default:
      says(`widget ${field.widget} is not covered by this test`);
  }
  return problems;
}

/** Same keys, then each field against its property. `body` is the Markdown below the front matter. */
function objectProblems(fields: Field[], schema: Prop, at = ''): string[] {
  const shape = merged(schema);
  const props = shape.properties ?? {};
  const names = fields.map((f) => f.name).filter((name) => name !== 'body');
  const path = (name: string) => (at ? `${at}.${name}` : name);
  const problems = [
    ...Object.keys(props)
      .filter((key) => !names.includes(key))
      .map((key) => `${path(key)}: in the schema, missing from the CMS`),
    ...names.filter((name) => !(name in props)).map((name) => `${path(name)}: in the CMS, not in the schema`),
  ];
  for (const field of fields) {
    const prop = props[field.name];
    if (prop)
      problems.push(
        ...fieldProblems(field, prop, shape.required?.includes(field.name) ?? false, path(field.name)),
      );
  }
  return problems;
}

const markdownBody = (fields: Field[]) => fields.find((f) => f.name === 'body');

describe('admin/config.yml mirrors the content schemas', () => {
  it('has the six collections, the local backend and a production backend', () => {
    expect(config.collections.map((c) => c.name).sort()).toEqual(
      ['pages', 'posts', 'services', 'settings', 'team', 'training'].sort(),
    );
    expect(config.local_backend).toBe(true);
    expect(config.backend.name).toBeTruthy();
  });

  it('posts: every front-matter field of the posts schema, and the Markdown body', () => {
    const posts = collection('posts');
    expect(posts).toMatchObject({ folder: 'content/posts', extension: 'md', format: 'frontmatter' });
    expect(objectProblems(posts.fields!, jsonSchema(postSchema(imageStandIn)))).toEqual([]);
    expect(markdownBody(posts.fields!)?.widget).toBe('markdown');
    // The contract of the blog (DEVELOPERS.md item 5), whatever else the schema adds.
    const names = posts.fields!.map((f) => f.name);
    for (const name of [
      'title',
      'excerpt',
      'tags',
      'author',
      'publishedAt',
      'updatedAt',
      'featuredImage',
      'isDraft',
      'slug',
      'body',
    ])
      expect(names).toContain(name);
  });

  it('services: the fields of the service schema, and the Markdown body', () => {
    const services = collection('services');
    expect(services).toMatchObject({ folder: 'content/services', extension: 'md', format: 'frontmatter' });
    expect(objectProblems(services.fields!, jsonSchema(serviceSchema(imageStandIn)))).toEqual([]);
    expect(markdownBody(services.fields!)?.widget).toBe('markdown');
  });

  it('training: the fields of the training schema', () => {
    const courses = fileOf('training', 'courses');
    // On the collection: Decap picks the writer by the collection's format (a file's own is ignored).
    expect(collection('training').format).toBe('json');
    expect(courses.file).toBe('content/training/courses.json');
    expect(objectProblems(courses.fields, jsonSchema(trainingSchema()))).toEqual([]);
  });

  it('pages: the privacy page has the fields of the page schema, and the Markdown body', () => {
    const privacy = fileOf('pages', 'privacy');
    expect(collection('pages').format).toBe('frontmatter');
    expect(privacy.file).toBe('content/pages/privacy.md');
    expect(objectProblems(privacy.fields, jsonSchema(pageSchema()))).toEqual([]);
    expect(markdownBody(privacy.fields)?.widget).toBe('markdown');
  });

  it('team: the fields of the team schema', () => {
    const team = collection('team');
    expect(team).toMatchObject({ folder: 'content/team', extension: 'json', format: 'json' });
    expect(objectProblems(team.fields!, jsonSchema(teamSchema(imageStandIn)))).toEqual([]);
  });

  it('practice settings: the fields of the settings schema', () => {
    const practice = fileOf('settings', 'practice');
    expect(collection('settings').format).toBe('json');
    expect(practice.file).toBe('content/settings/practice.json');
    expect(objectProblems(practice.fields, jsonSchema(practiceSettingsSchema))).toEqual([]);
  });

  it('a drifted config fails: a renamed, a missing and a needlessly optional field are each reported', () => {
    const fields = structuredClone(collection('posts').fields!);
    fields.find((f) => f.name === 'tags')!.name = 'tag';
    fields.splice(
      fields.findIndex((f) => f.name === 'slug'),
      1,
    );
    fields.find((f) => f.name === 'excerpt')!.required = false;
    expect(objectProblems(fields, jsonSchema(postSchema(imageStandIn)))).toEqual([
      'tags: in the schema, missing from the CMS',
      'slug: in the schema, missing from the CMS',
      'tag: in the CMS, not in the schema',
      'excerpt: required is false in the CMS, true in the schema',
    ]);
  });

  it('previews every Markdown field sanitised (sanitize_preview), whatever the default of this Decap version', () => {
    const nested = (fields: Field[] = []): Field[] =>
      fields.flatMap((f) => [f, ...nested(f.fields), ...(f.field ? nested([f.field]) : [])]);
    const markdown = config.collections
      .flatMap((c) => [...nested(c.fields), ...(c.files ?? []).flatMap((file) => nested(file.fields))])
      .filter((f) => f.widget === 'markdown');
    expect(markdown.length).toBeGreaterThan(0);
    expect(markdown.filter((f) => f.sanitize_preview !== true).map((f) => f.label)).toEqual([]);
  });

  it('points at folders and files that exist', () => {
    for (const c of config.collections) {
      if (c.folder) {
        const files = readdirSync(join(root, c.folder)).filter((name) => name.endsWith(`.${c.extension}`));
        expect(files.length, c.folder).toBeGreaterThan(0);
      }
      for (const file of c.files ?? []) expect(existsSync(join(root, file.file)), file.file).toBe(true);
    }
  });

  it('stores pictures where the content already refers to them', () => {
    // Service pages and the team: src/assets/artwork, written relative to the content file.
    for (const name of ['services', 'team']) {
      const c = collection(name);
      expect(c.media_folder).toBe('/src/assets/artwork');
      expect(c.public_folder).toBe('../../src/assets/artwork');
    }
    for (const file of readdirSync(join(root, 'content/services'))) {
      const { heroImage } = parseFrontMatter(read(`content/services/${file}`));
      expect(String(heroImage)).toMatch(/^\.\.\/\.\.\/src\/assets\/artwork\/[^/]+$/);
    }
    // Posts: content/posts/images (relative to the post), where their images are.
    const posts = collection('posts');
    expect(posts.media_folder).toBe('images');
    expect(existsSync(join(root, 'content/posts', posts.media_folder!))).toBe(true);
    for (const file of readdirSync(join(root, 'content/posts')).filter((f) => f.endsWith('.md'))) {
      const { featuredImage } = parseFrontMatter(read(`content/posts/${file}`));
      if (featuredImage) expect(String(featuredImage), file).toMatch(/^(\.\/)?images\/[^/]+$/);
    }
  });
});

describe('files written by the CMS', () => {
  const names = (fields: CmsField[]) => fields.map((f) => f.name);
  const prettierOptions = async (file: string) =>
    ({ ...(await prettier.resolveConfig(join(root, file))), filepath: join(root, file) }) as prettier.Options;

  // A service page and a settings file in the layout the repository uses: saved without a change,
  // they come back byte for byte, so `git diff` shows only what an editor changed.
  const SERVICE = [
    '---',
    'title: Individual Therapy',
    'kind: service',
    'order: 1',
    'icon: one-to-one',
    "summary: One-to-one ABA sessions built around each person's own goals, interests and pace, for ages 18 months to adults.",
    'heroImage: ../../src/assets/artwork/individual-therapy.svg',
    "heroAlt: 'Colon: quoted, the way Prettier keeps it'",
    'lead: A first paragraph.',
    'features:',
    '  - An assessment at the start',
    '  - A written plan',
    '  - Play-based teaching',
    'outcomes:',
    '  - More independence in everyday routines',
    '  - Safer, calmer ways to cope',
    '  - New skills that carry over into real life',
    '---',
    '',
    '## Who it is for',
    '',
    'Children, teens and adults.',
    '',
  ].join('\n');
  const PRACTICE = `{
  "name": "Bright Path ABA",
  "hours": [
    {
      "days": "Monday-Friday",
      "opens": "9:00 AM",
      "closes": "5:00 PM",
      "dayCodes": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      "open24": "09:00",
      "close24": "17:00"
    },
    {
      "days": "Saturday",
      "closed": true,
      "dayCodes": ["Saturday"]
    }
  ],
  "timeZone": "America/Toronto"
}
`;
  const serviceFields = () => fieldsByNames(config, names(collection('services').fields!));
  const practiceFields = () => fieldsByNames(config, names(fileOf('settings', 'practice').fields));

  it('writes an unchanged file back byte for byte', () => {
    expect(formatFrontMatter(parseFrontMatter(SERVICE), serviceFields())).toBe(SERVICE);
    expect(formatJson(JSON.parse(PRACTICE), practiceFields())).toBe(PRACTICE);
  });

  it('puts keys back in field order, nested ones too, after Decap shuffled them', () => {
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reversed(v)]),
            )
          : value;
    expect(formatJson(reversed(JSON.parse(PRACTICE)), practiceFields())).toBe(PRACTICE);
    const { body, ...meta } = parseFrontMatter(SERVICE);
    expect(formatFrontMatter({ body, ...(reversed(meta) as object) }, serviceFields())).toBe(SERVICE);
  });

  // Every content file of the repository: nothing is lost, and what the CMS writes passes
  // `prettier --check` (content/posts is not checked by Prettier, so only the first applies there).
  const markdownFiles = ['content/services', 'content/pages', 'content/posts'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `${dir}/${f}`),
  );
  it.each(markdownFiles)('%s keeps every value and its text when saved', async (file) => {
    const fields = file.startsWith('content/pages/')
      ? fileOf('pages', file.slice('content/pages/'.length, -'.md'.length)).fields
      : collection(file.includes('/posts/') ? 'posts' : 'services').fields!;
    const data = parseFrontMatter(read(file));
    const written = formatFrontMatter(data, fieldsByNames(config, names(fields)));
    expect(parseFrontMatter(written)).toEqual(data);
    expect(String(data.body).trim().length).toBeGreaterThan(0);
    if (!file.startsWith('content/posts/'))
      expect(await prettier.format(written, await prettierOptions(file))).toBe(written);
  });

  const jsonFiles: [string, CmsField[]][] = [
    ['content/training/courses.json', fileOf('training', 'courses').fields],
    ['content/settings/practice.json', fileOf('settings', 'practice').fields],
    ...readdirSync(join(root, 'content/team')).map(
      (f) => [`content/team/${f}`, collection('team').fields!] as [string, CmsField[]],
    ),
  ];
  it.each(jsonFiles)('%s keeps every value when saved, in Prettier’s layout', async (file, fields) => {
    const data: unknown = JSON.parse(read(file));
    const written = formatJson(data, fieldsByNames(config, names(fields)));
    expect(JSON.parse(written)).toEqual(data);
    expect(await prettier.format(written, await prettierOptions(file))).toBe(written);
  });

  it('lays out edited JSON the way Prettier does', async () => {
    const edited = {
      short: ['Monday', 'Tuesday'],
      long: Array.from({ length: 12 }, (_, i) => `A longer list item number ${i}`),
      objects: [
        { id: 'a', n: 1 },
        { id: 'b', n: 2 },
      ],
      one: [{ id: 'a', n: 1 }],
      nested: { price: 599, saving: 99, list: [] as string[], empty: {} },
      text: 'Quote " and backslash \\ and ünïcödé',
    };
    const written = formatJson(edited);
    expect(written).toBe(
      await prettier.format(written, await prettierOptions('content/settings/practice.json')),
    );
    expect(JSON.parse(written)).toEqual(edited);
  });

  it('lays out lists of lists and lines at the print width the way Prettier does', async () => {
    // '  "fits": ["…"],' is 15 characters besides the x's: 95 make a line of exactly 110, 96 one of 111
    // (110 without its comma, as the last line has).
    const edited = {
      one: [[1, 2]],
      two: [
        [1, 2],
        [3, 4],
      ],
      short: [[1], [2]],
      fits: ['x'.repeat(95)],
      over: ['x'.repeat(96)],
      last: ['x'.repeat(96)],
    };
    const written = formatJson(edited);
    expect(written).toBe(
      await prettier.format(written, await prettierOptions('content/settings/practice.json')),
    );
    expect(written).toContain(`  "fits": ["${'x'.repeat(95)}"],\n`);
    expect(written).toContain(`  "last": ["${'x'.repeat(96)}"]\n`);
  });

  it('keeps keys the configuration does not know, and orders the objects of a list by its field', () => {
    const fields: CmsField[] = [
      {
        name: 'list',
        widget: 'list',
        field: { name: 'item', widget: 'object', fields: [{ name: 'x' }, { name: 'y' }] },
      },
    ];
    const written = formatJson({ extra: true, list: [{ y: 1, x: 2 }] }, fields);
    expect(JSON.parse(written)).toEqual({ list: [{ x: 2, y: 1 }], extra: true });
    expect(Object.keys(JSON.parse(written).list[0])).toEqual(['x', 'y']);
    expect(Object.keys(JSON.parse(written))).toEqual(['list', 'extra']);
  });

  it('finds a field list only by all its names, not by its first few', () => {
    const shape = { collections: [{ fields: [{ name: 'a' }, { name: 'b' }] }] };
    expect(fieldsByNames(shape, ['a', 'b'])).toBe(shape.collections[0]!.fields);
    expect(fieldsByNames(shape, ['a'])).toBeUndefined();
    expect(fieldsByNames(shape, ['a', 'b', 'c'])).toBeUndefined();
  });

  it('reads and writes a file without text as fields only', () => {
    expect(parseFrontMatter('---\ntitle: T\n---\n')).toEqual({ title: 'T' });
    expect(parseFrontMatter('  \n')).toEqual({});
    expect(formatFrontMatter({ title: 'T' })).toBe('---\ntitle: T\n---\n');
  });

  it('writes a new post with plain YAML, quoting only what needs it', () => {
    const fields = collection('posts').fields!;
    const written = formatFrontMatter(
      {
        body: 'First paragraph.\n',
        isDraft: false,
        publishedAt: '2026-01-05',
        tags: ['Home', 'Play'],
        excerpt:
          "A long excerpt that goes well past eighty characters, so it must stay on one line: it's fine.",
        title: 'Café au lait: a test',
      },
      fieldsByNames(config, names(fields)),
    );
    expect(written).toBe(
      [
        '---',
        "title: 'Café au lait: a test'",
        'excerpt: "A long excerpt that goes well past eighty characters, so it must stay on one line: it\'s fine."',
        'tags:',
        '  - Home',
        '  - Play',
        'publishedAt: 2026-01-05',
        'isDraft: false',
        '---',
        '',
        'First paragraph.',
        '',
      ].join('\n'),
    );
    expect(parseFrontMatter(written)).toMatchObject({
      title: 'Café au lait: a test',
      publishedAt: '2026-01-05',
    });
  });

  it('quotes a text that YAML would read as a date, except in a date field', () => {
    // The build's reader (js-yaml, through Astro) reads an unquoted 2025-01-05 as a date: a post
    // titled with a day was saved, and the build stopped at it ('title: expected string, received date').
    const written = formatFrontMatter(
      {
        title: '2025-01-05',
        excerpt: '2026-12-07 08:00:00',
        tags: ['2025-01-05', 'Home'],
        publishedAt: '2025-01-05',
        updatedAt: '2026-12-07T08:00',
        body: 'Text.\n',
      },
      fieldsByNames(config, names(collection('posts').fields!)),
    );
    expect(parseFrontmatter(written).frontmatter).toMatchObject({
      title: '2025-01-05',
      excerpt: '2026-12-07 08:00:00',
      tags: ['2025-01-05', 'Home'],
      publishedAt: new Date('2025-01-05T00:00:00Z'),
    });
    expect(written).toContain('\npublishedAt: 2025-01-05\nupdatedAt: 2026-12-07T08:00\n');
    expect(parseFrontMatter(written)).toMatchObject({ title: '2025-01-05', publishedAt: '2025-01-05' });
  });

  it('writes a text the CMS editor rewrote in the layout it is committed in', async () => {
    // What Decap's editor gives back for a post once its text was edited: its own `*` bullets, and no
    // blank line after the front matter (seen in a review of the CMS: 13-31 changed lines for one word).
    const file = 'content/posts/visual-schedules-a-practical-guide.md';
    const committed = read(file);
    const { body, ...meta } = parseFrontMatter(committed);
    const decapStyle = String(body).replace(/^\n+/, '').replace(/^- /gm, '* ');
    expect(decapStyle).toContain('\n* ');
    const fields = fieldsByNames(config, names(collection('posts').fields!));
    const written = formatFrontMatter({ ...meta, body: await formatMarkdown(decapStyle) }, fields);
    expect(written).toBe(committed);
    expect(await prettier.format(written, await prettierOptions(file))).toBe(written);
  });

  it.each(markdownFiles)('%s: the text of a saved entry keeps its committed layout', async (file) => {
    const body = String(parseFrontMatter(read(file)).body).replace(/^\n+/, '');
    expect(await formatMarkdown(body)).toBe(body);
  });
});

describe('tags of digits', () => {
  it('are read as text, which the list of tags can show and save', () => {
    // YAML reads 2025 as a number; the schema (and the form's check before saving) takes text only.
    const data = parseFrontMatter('---\ntitle: T\ntags: [2025, Home]\n---\n');
    expect(data.tags).toEqual(['2025', 'Home']);
  });
});

describe('values an editor cleared', () => {
  it('are empty strings and nulls, not false or 0', () => {
    expect(['', null, undefined].every(isClearedValue)).toBe(true);
    expect([false, 0, 'x', []].some(isClearedValue)).toBe(false);
  });

  it('are dropped before saving, so the schema defaults apply', () => {
    class Data {
      constructor(readonly values: Record<string, unknown>) {}
      filter(keep: (value: unknown) => boolean) {
        return new Data(Object.fromEntries(Object.entries(this.values).filter(([, value]) => keep(value))));
      }
    }
    const saved = withoutClearedValues(
      new Data({ title: 'T', slug: '', updatedAt: '', featuredImage: null, isDraft: false, tags: [] }),
    );
    expect(saved.values).toEqual({ title: 'T', isDraft: false, tags: [] });
  });
});
