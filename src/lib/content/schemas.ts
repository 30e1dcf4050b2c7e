// Every content schema, once: the build (src/content.config.ts) checks content/ with them, and the
// CMS page checks an entry with them before it saves (src/lib/cms/validation.ts), so the admin hears of
// a problem in the form rather than from a failed deploy. Nothing here may need Node or Astro's runtime.
import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { coursesTotal } from '@/lib/site/courses';
import { toPostDate } from '@/lib/site/dates';
import { parseTags } from '@/lib/blog/tags';
import { DEFAULT_AUTHOR, POST_LIMITS, SLUG_PATTERN, SLUG_RULE, TAGS_LIST_RULE } from '@/lib/blog/post-rules';
import { repositoryPictureProblem } from '@/lib/text/url-check';

/** Icons a service or approach card can show (mapped to inline SVGs in components/icons). */
export const SERVICE_ICONS = [
  'one-to-one',
  'group',
  'conversation',
  'daily-living',
  'caregiver',
  'person-centred',
  'evidence',
  'collaboration',
] as const;

const text = z.string().trim().min(1);

/**
 * A picture kept in the repository, relative to the entry (./images/name.svg). Astro's image() lets
 * a web address through and the build then fails while drawing a page, naming neither the file nor
 * the field; the URL check (src/lib/text/url-check.ts) names both, before any page is built.
 */
const repositoryImage = (image: SchemaContext['image']) => {
  const picture = image();
  return (
    z
      .string()
      .refine((value) => repositoryPictureProblem(value) === undefined, {
        error: (issue) => repositoryPictureProblem(String(issue.input)),
      })
      // image() takes the path as text; its declared type shows only the metadata it gives.
      .pipe(picture as unknown as z.ZodType<z.output<typeof picture>, string>)
  );
};

export const serviceSchema = ({ image }: SchemaContext) =>
  z.object({
    title: text.max(60),
    /** 'service' entries are the five service cards; 'approach' entries the three approach cards. */
    kind: z.enum(['service', 'approach']),
    /** Position among the cards of the same kind, from 1. */
    order: z.number().int().min(1),
    /** Card text, also the page's meta description. */
    summary: text.max(180),
    icon: z.enum(SERVICE_ICONS),
    /** An SVG, JPEG, PNG or WebP file next to the entry's artwork; rendered as WebP in four widths. */
    heroImage: repositoryImage(image),
    /** What the picture shows, in a short sentence. */
    heroAlt: text.max(200),
    /** First paragraph of the page, under the title. */
    lead: text.max(400),
    /** 'What this service includes' */
    features: z.array(text).min(3).max(8),
    /** 'What families work toward': goals, never promised results. */
    outcomes: z.array(text).min(3).max(8),
  });

const courseSchema = z.object({
  /** The value the registration form sends. */
  id: z.enum(['intro', 'advanced']),
  title: text,
  hours: z.number().int().positive(),
  /** Canadian dollars, whole. */
  price: z.number().int().positive(),
  /** 'Feb 17 to Feb 28' */
  upcoming: text,
  /**
   * 'weekdays, 6-8 PM': written as it reads after the dates ('Feb 17 to Feb 28, weekdays, 6-8 PM' in
   * the registration form); the training page capitalises its first letter where it stands alone.
   */
  schedule: text,
  summary: text.max(300),
  audience: text.max(200),
  topics: z.array(text).min(3).max(12),
});

export const trainingSchema = () =>
  z
    .object({
      intro: text.max(500),
      location: text,
      groupSize: text,
      courses: z.array(courseSchema).length(2),
      // No saving here: the page works it out from the prices (src/lib/site/courses.ts), so a changed
      // price can never leave it wrong.
      bundle: z.object({ price: z.number().int().positive() }),
      notes: z.array(text).min(1).max(10),
    })
    .refine((t) => new Set(t.courses.map((c) => c.id)).size === t.courses.length, {
      message: 'Each course needs its own id (intro, advanced).',
      path: ['courses'],
    })
    .refine((t) => t.bundle.price < coursesTotal(t.courses), {
      message: 'The bundle price must be less than the two course prices together.',
      path: ['bundle', 'price'],
    });

export const teamSchema = ({ image }: SchemaContext) =>
  z.object({
    name: text,
    /** True while the name, bio or photo are stand-ins; the build prints a reminder. */
    placeholder: z.boolean().default(false),
    role: text,
    /** Shown after the name, exactly as registered: 'M.Sc., M.B.A., B.C.B.A., R.B.A (Ont.)' */
    credentials: text,
    highlights: z.array(text).min(1).max(10),
    bio: z.array(text).min(1).max(10),
    photo: repositoryImage(image),
    photoAlt: text.max(200),
    order: z.number().int().min(1).default(1),
  });

/**
 * A page of text (content/pages/*.md): today the privacy page. Its date of last change is not a
 * field: the build reads it from git (src/lib/content/last-changed.ts), so it cannot be forgotten.
 */
export const pageSchema = () =>
  z
    .object({
      title: text.max(60),
      /** The page's meta description. */
      description: text.max(180),
      /** The first paragraph, under the title. */
      lead: text.max(500),
    })
    .strict();

/**
 * A calendar day ('2025-01-05') or a date and time ('2026-12-07T08:00', in the practice's time zone
 * unless it gives its offset, as '2026-12-07T08:00:00-05:00'); shown as the same day in every time
 * zone. Read once, by toPostDate: read again, a moment it made at midnight UTC (7 p.m. in Toronto)
 * looked like a bare day and moved to noon. A number is no date (YAML reads 20250105 as one, which
 * Zod's coercion took for milliseconds since 1970). One still ahead schedules the post
 * (src/lib/site/publish-time.mjs).
 */
const postDate = z.preprocess(
  (value) => {
    if (typeof value !== 'string' && !(value instanceof Date)) return value;
    try {
      return toPostDate(value);
    } catch {
      return value;
    }
  },
  z.date({ error: 'must be a date such as 2025-01-05' }),
);

/**
 * Front matter of content/posts/*.md (see content/README.md). Unknown fields are errors, so a
 * misspelt field name (`tag:`, `draft:`) stops the build instead of being ignored.
 */
export const postSchema = ({ image }: SchemaContext) =>
  z
    .object({
      title: text.max(POST_LIMITS.title),
      /** The card text, the page's meta description and the feed summary: one or two sentences. */
      excerpt: text.max(POST_LIMITS.excerpt),
      /** Split on commas and trimmed; empty items are dropped and repeats removed (src/lib/blog/tags.ts). */
      tags: z
        .array(z.string().trim().max(POST_LIMITS.tag), {
          error: (issue) => (issue.code === 'invalid_type' ? TAGS_LIST_RULE : undefined),
        })
        .default([])
        .transform(parseTags),
      author: text.max(POST_LIMITS.author).default(DEFAULT_AUTHOR),
      publishedAt: postDate,
      /** Defaults to publishedAt. */
      updatedAt: postDate.optional(),
      /** An image file in the repository, relative to the post (./images/name.svg); WebP in four widths. */
      featuredImage: repositoryImage(image).optional(),
      /** What the featured image shows; leave empty for a decorative illustration. */
      featuredImageAlt: z.string().trim().max(POST_LIMITS.featuredImageAlt).default(''),
      isDraft: z.boolean().default(false),
      /** The address is /blog/{slug}; without it the slug is made from the title. */
      slug: z.string().trim().regex(SLUG_PATTERN, SLUG_RULE).optional(),
    })
    .strict();
