// The editable content (content/services, content/training, content/team) checked against the
// schemas of src/content.config.ts and the binding facts of the specification, so a broken edit
// fails here before it fails the build or reaches visitors.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'astro/zod';
import { byOrder, formatPrice, serviceHref } from '@/lib/services';

// astro:content only exists inside Astro; the config needs nothing from it but defineCollection.
vi.mock('astro:content', () => ({ defineCollection: (config: unknown) => config }));
const { SERVICE_ICONS, serviceSchema, teamSchema, trainingSchema } = await import('@/content.config');

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
    const { data, content } = matter(readFileSync(join(servicesDir, file), 'utf8'));
    return { id: file.replace(/\.md$/, ''), data, body: content };
  });

const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));
const training = trainingSchema().parse(readJson('content/training/courses.json'));
const lead = teamSchema(schemaContext).parse(readJson('content/team/lead-therapist.json'));

/** Words we never use about the people we serve, or about results we cannot promise. */
const FORBIDDEN =
  /\b(cure[sd]?|curing|guarantee[sd]?|recover(y|ed|s)?|suffer(s|ing)?|wheelchair-bound|confined to a wheelchair|high-functioning|low-functioning|special needs|afflicted)\b/i;

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
      schedule: 'Weekdays, 6-8 PM',
    });
    expect(byId.advanced).toMatchObject({
      title: 'Advanced ABA',
      hours: 20,
      price: 399,
      upcoming: 'Apr 5 to Apr 19',
      schedule: 'Weekends, 3-6 PM',
    });
    expect(training.bundle).toEqual({ price: 599, saving: 99 });
    expect(
      `Both courses: ${formatPrice(training.bundle.price)} (save ${formatPrice(training.bundle.saving)})`,
    ).toBe('Both courses: $599 (save $99)');
  });

  it('rejects a bundle saving that does not add up', () => {
    const raw = readJson('content/training/courses.json') as { bundle: { price: number; saving: number } };
    const broken = { ...raw, bundle: { price: 649, saving: 99 } };
    expect(trainingSchema().safeParse(broken).success).toBe(false);
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

describe('wording', () => {
  const allText = [
    ...services.map((s) => [s.id, JSON.stringify(s.data) + s.body] as const),
    ['training', JSON.stringify(training)] as const,
    ['team', JSON.stringify(lead)] as const,
  ];

  it.each(allText)('%s promises no outcomes and uses respectful language', (_id, text) => {
    expect(text.match(FORBIDDEN)?.[0]).toBeUndefined();
  });
});
