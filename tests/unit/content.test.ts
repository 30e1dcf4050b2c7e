// The editable content (content/services, content/training, content/team) checked against the
// schemas of src/content.config.ts and the binding facts of the specification, so a broken edit
// fails here before it fails the build or reaches visitors.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { bundleOfferText } from '@/lib/site/courses';
import { readFrontMatter } from '@/lib/text/post-file';
import { byOrder, serviceHref } from '@/lib/content/services';
import { UNWELCOME_WORDING, withoutDenials } from '../helpers';
import { postSchema, SERVICE_ICONS, serviceSchema, teamSchema, trainingSchema } from '@/lib/content/schemas';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const servicesDir = join(root, 'content/services');
/** Stands in for Astro's image(): the path is checked separately, relative to the entry. */
const schemaContext = { image: () => z.string().min(1) } as unknown as Parameters<typeof serviceSchema>[0];

const SERVICE_IDS = [
  'individual-therapy',
  'group-sessions',
  'social-skills',
  'life-skills',
  'caregiver-training',
] as const;
const APPROACH_IDS = ['person-centered-care', 'evidence-based-methods', 'collaborative-growth'] as const;

const services = readdirSync(servicesDir)
  .filter((file) => file.endsWith('.md'))
  .map((file) => {
    const { data, content } = readFrontMatter(readFileSync(join(servicesDir, file), 'utf8'));
    return { id: file.replace(/\.md$/, ''), data, body: content };
  });

const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));
const training = trainingSchema().parse(readJson('content/training/courses.json'));
const lead = teamSchema(schemaContext).parse(readJson('content/team/lead-therapist.json'));

/** Words we never use about the people we serve, or about results we cannot promise. */

describe('service and approach pages', () => {
  it('has exactly the eight pages of the specification', () => {
    expect(services.map((s) => s.id).sort()).toEqual([...SERVICE_IDS, ...APPROACH_IDS].sort());
  });

  it.each(services.map((s) => [s.id, s] as const))('%s matches the schema', (_id, entry) => {
    const result = serviceSchema(schemaContext).safeParse(entry.data);
    expect(result.error?.issues ?? []).toEqual([]);
    expect(entry.body.trim().length).toBeGreaterThan(200);
    expect(existsSync(resolve(servicesDir, String(entry.data.heroImage)))).toBe(true);
  });

  it('has five services and three approaches, in the order of the home page', () => {
    const parsed = services.map((s) => ({ id: s.id, data: serviceSchema(schemaContext).parse(s.data) }));
    const ofKind = (kind: string) => byOrder(parsed.filter((s) => s.data.kind === kind)).map((s) => s.id);
    expect(ofKind('service')).toEqual(SERVICE_IDS);
    expect(ofKind('approach')).toEqual(APPROACH_IDS);
    for (const kind of ['service', 'approach']) {
      const orders = parsed.filter((s) => s.data.kind === kind).map((s) => s.data.order);
      expect(new Set(orders).size).toBe(orders.length);
    }
  });

  it('gives every card its own icon', () => {
    const icons = services.map((s) => s.data.icon);
    expect(new Set(icons).size).toBe(icons.length);
    for (const icon of icons) expect(SERVICE_ICONS).toContain(icon);
  });

  it('rejects an entry with an unknown icon or kind', () => {
    const sample = services[0]!.data;
    expect(serviceSchema(schemaContext).safeParse({ ...sample, icon: 'puzzle' }).success).toBe(false);
    expect(serviceSchema(schemaContext).safeParse({ ...sample, kind: 'program' }).success).toBe(false);
  });

  it('links each entry to its page', () => {
    expect(serviceHref('life-skills')).toBe('/services/life-skills');
  });
});

describe('training courses', () => {
  const byId = Object.fromEntries(training.courses.map((c) => [c.id, c]));

  it('has the courses, prices, hours, dates and schedules of the specification', () => {
    expect(training.location).toBe('Online');
    expect(training.groupSize).toBe('4-6 participants');
    expect(byId.intro).toMatchObject({
      title: 'Introductory ABA',
      hours: 20,
      price: 299,
      upcoming: 'Feb 17 to Feb 28',
      schedule: 'weekdays, 6-8 PM',
    });
    expect(byId.advanced).toMatchObject({
      title: 'Advanced ABA',
      hours: 20,
      price: 399,
      upcoming: 'Apr 5 to Apr 19',
      schedule: 'weekends, 3-6 PM',
    });
    expect(training.bundle).toEqual({ price: 599 });
    expect(bundleOfferText(training)).toBe('Both courses: $599 (save $99)');
  });

  it('works the bundle saving out from the prices, so a changed price changes it too', () => {
    const dearer = {
      ...training,
      courses: training.courses.map((c) => (c.id === 'advanced' ? { ...c, price: 449 } : c)),
    };
    expect(bundleOfferText(dearer)).toBe('Both courses: $599 (save $149)');
    // A file written while the saving was kept in it still builds; its own figure is ignored.
    const raw = readJson('content/training/courses.json') as object;
    expect(trainingSchema().parse({ ...raw, bundle: { price: 599, saving: 10 } }).bundle).toEqual({
      price: 599,
    });
  });

  it('rejects a bundle that costs as much as the two courses or more', () => {
    const raw = readJson('content/training/courses.json') as { bundle: { price: number } };
    const result = trainingSchema().safeParse({ ...raw, bundle: { price: 698 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['bundle', 'price'],
      message: 'The bundle price must be less than the two course prices together.',
    });
    expect(trainingSchema().safeParse({ ...raw, bundle: { price: 697 } }).success).toBe(true);
  });

  it('rejects two courses with the same id', () => {
    const raw = readJson('content/training/courses.json') as { courses: { id: string }[] };
    const twice = { ...raw, courses: raw.courses.map((course) => ({ ...course, id: 'intro' })) };
    const result = trainingSchema().safeParse(twice);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      'Each course needs its own id (intro, advanced).',
    );
  });
});

describe('post front matter', () => {
  const post = { title: 'T', excerpt: 'E', publishedAt: '2025-01-05' };

  it('measures a tag and the picture description without the spaces around them, and keeps neither', () => {
    const tag = 't'.repeat(40);
    const parsed = postSchema(schemaContext).parse({
      ...post,
      tags: [`  ${tag}  `],
      featuredImageAlt: ` ${'a'.repeat(200)} `,
    });
    expect(parsed.tags).toEqual([tag]);
    expect(parsed.featuredImageAlt).toBe('a'.repeat(200));
  });
});

describe('team', () => {
  it('shows the lead therapist credentials exactly', () => {
    expect(lead.credentials).toBe('M.Sc., M.B.A., B.C.B.A., R.B.A (Ont.)');
    expect(lead.highlights).toEqual(
      expect.arrayContaining([
        'OAP registered provider',
        '10+ years of experience',
        'Specialised in ages 18 months to adults',
      ]),
    );
    expect(existsSync(resolve(root, 'content/team', lead.photo as unknown as string))).toBe(true);
  });
});

/** Every .astro and .tsx file under src/ folders that hold the site's own copy. */
function copyFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return copyFiles(path);
    return /\.(astro|tsx)$/.test(entry.name) ? [path] : [];
  });
}
/** The text a visitor may read: code comments are for engineers. */
const withoutComments = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('wording', () => {
  const allText = [
    ...services.map((s) => [s.id, JSON.stringify(s.data) + s.body] as const),
    ['training', JSON.stringify(training)] as const,
    ['team', JSON.stringify(lead)] as const,
    ['settings', readFileSync(join(root, 'content/settings/practice.json'), 'utf8')] as const,
    ['privacy', readFileSync(join(root, 'content/pages/privacy.md'), 'utf8')] as const,
    ...['src/pages', 'src/components', 'src/layouts', 'src/islands']
      .flatMap(copyFiles)
      .map((file) => [file, withoutComments(readFileSync(join(root, file), 'utf8'))] as const),
  ];

  it.each(allText)('%s promises no outcomes and uses respectful language', (_id, text) => {
    expect(withoutDenials(text).match(UNWELCOME_WORDING)?.[0]).toBeUndefined();
  });

  it('would catch a promise in the pages', () => {
    expect('<p>We guarantee results.</p>'.match(UNWELCOME_WORDING)?.[0]).toBe('guarantee');
    expect('Our proven method'.match(UNWELCOME_WORDING)?.[0]).toBe('proven');
    expect('ABA will improve your child'.match(UNWELCOME_WORDING)?.[0]).toBe('will improve');
    expect('unlike normal children'.match(UNWELCOME_WORDING)?.[0]).toBe('normal children');
  });
});
