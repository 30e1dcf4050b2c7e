// The posts collection as the pages, the feed and the manifest use it (build time only). Loaded
// once per build: slugs assigned (unique: a slug the file names first, then the oldest keeps the
// plain one), Markdown rendered by Astro and then sanitised (each result kept between builds:
// sanitized-cache.ts), images turned into WebP in the spec's four widths.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { getCollection, type CollectionEntry } from 'astro:content';
import { newestFirst, publicAt, type CardImage, type CardPost } from '../blog/posts';
import { slugCollisions, withUniqueSlugs } from '../blog/slugs';
import { tagSlug } from '../slug';
import { formatLongDate, formatShortDate, isoDay } from '../site/dates';
import { buildNow, nextPublishTime } from '../site/publish-time.mjs';
import { practice } from '../site/settings';
import { readFrontMatter } from '../text/post-file';
import { MANIFEST_VERSION, type ManifestPost, type PostManifest } from '../store/seed';
import { IMAGE_WIDTHS, PICTURE_ENCODING, singlePicture } from './responsive-image';
import { SanitizedCache } from './sanitized-cache';
import { withBuiltPictures, withoutDecorativeTitles, type BuiltText } from './text-pictures';

export interface BuiltPost {
  /** The file name without .md. */
  id: string;
  /** The featured image as the front matter names it ('./images/name.svg'). */
  imagePath?: string | undefined;
  slug: string;
  title: string;
  excerpt: string;
  tags: string[];
  author: string;
  publishedAt: Date;
  updatedAt: Date;
  isDraft: boolean;
  /** The post's HTML, sanitised. */
  html: string;
  /** The built src of each repository picture in the text to its address in the Markdown. */
  pictures: Record<string, string>;
  image?: ImageMetadata | undefined;
  imageAlt: string;
  /** SHA-256 of the post's file as built (the admin's publish checks the repository still has it). */
  sourceSha256?: string | undefined;
}

let allPosts: Promise<BuiltPost[]> | undefined;

/**
 * What the post's file itself gives, read once: its SHA-256, and the featuredImage text as written
 * (the parsed entry holds only the resolved image).
 */
function sourceFile(entry: CollectionEntry<'posts'>): { sha256?: string; imagePath?: string } {
  if (!entry.filePath) return {};
  const bytes = readFileSync(entry.filePath);
  const value: unknown = entry.data.featuredImage
    ? readFrontMatter(bytes.toString('utf8')).data.featuredImage
    : undefined;
  return {
    sha256: createHash('sha256').update(bytes).digest('hex'),
    ...(typeof value === 'string' ? { imagePath: value } : {}),
  };
}

/** The post's HTML with its built pictures, sanitised (by `sanitized`, which keeps earlier builds' results). */
async function postText(entry: CollectionEntry<'posts'>, sanitized: SanitizedCache): Promise<BuiltText> {
  const built = await withBuiltPictures(entry.rendered?.html ?? '', {
    post: entry.filePath ?? `content/posts/${entry.id}.md`,
    hasLeadPicture: entry.data.featuredImage !== undefined,
  });
  return { ...built, html: sanitized.html(withoutDecorativeTitles(built.html)) };
}

async function loadPosts(): Promise<BuiltPost[]> {
  const entries = await getCollection('posts');
  const sanitized = await SanitizedCache.open();
  const posts = await Promise.all(
    entries.map(async (entry) => {
      const text = await postText(entry, sanitized);
      const source = sourceFile(entry);
      return {
        id: entry.id,
        slug: entry.data.slug,
        title: entry.data.title,
        excerpt: entry.data.excerpt,
        tags: entry.data.tags,
        author: entry.data.author,
        publishedAt: entry.data.publishedAt,
        updatedAt: entry.data.updatedAt ?? entry.data.publishedAt,
        isDraft: entry.data.isDraft,
        html: text.html,
        pictures: text.pictures,
        image: entry.data.featuredImage,
        imagePath: source.imagePath,
        imageAlt: entry.data.featuredImageAlt,
        sourceSha256: source.sha256,
      };
    }),
  );
  await sanitized.save();
  const unique = withUniqueSlugs(posts);
  // Said at each build: a post moved off the address it asks for breaks the links to it.
  const fileOf = new Map(
    entries.map((entry) => [entry.id, entry.filePath ?? `content/posts/${entry.id}.md`]),
  );
  const collisions = slugCollisions(
    unique.map((post, index) => ({ ...post, file: fileOf.get(post.id)!, wanted: posts[index]!.slug })),
  );
  for (const message of collisions) console.warn(`Post address: ${message}`);
  return newestFirst(unique);
}

/** Every post, drafts included, newest first. */
export function getAllPosts(): Promise<BuiltPost[]> {
  allPosts ??= loadPosts();
  return allPosts;
}

/**
 * The build's "now": SITE_BUILD_NOW when set (the server sets it so that its rebuild timer and the
 * build agree; tests set it to build as of any moment), else the clock. Read once per build.
 */
export const BUILD_NOW: Date = buildNow(process.env, practice.timeZone);

/**
 * Public posts, newest first: not drafts, and their time has come at the build's "now". The only ones
 * with a page, a card, a tag count, a feed item, search data, JSON-LD or a sitemap entry.
 */
export async function getPublishedPosts(): Promise<BuiltPost[]> {
  return publicAt(await getAllPosts(), BUILD_NOW);
}

/** When the next scheduled post is due (its build should happen then), or undefined. */
export async function getNextPublishTime(): Promise<Date | undefined> {
  return nextPublishTime(await getAllPosts(), BUILD_NOW);
}

const imageCache = new Map<ImageMetadata, Promise<CardImage>>();

/** WebP copies in four widths with a srcset; the view adds `sizes` for where it shows the image. */
export function responsiveImage(image: ImageMetadata): Promise<CardImage> {
  let prepared = imageCache.get(image);
  if (!prepared) {
    prepared = getImage({ src: image, widths: IMAGE_WIDTHS, ...PICTURE_ENCODING }).then((result) => ({
      src: result.src,
      srcset: result.srcSet.attribute,
      width: Number(result.attributes.width ?? image.width),
      height: Number(result.attributes.height ?? image.height),
    }));
    imageCache.set(image, prepared);
  }
  return prepared;
}

export async function toCard(post: BuiltPost): Promise<CardPost> {
  const card: CardPost = {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    tags: post.tags,
    tagSlugs: post.tags.map(tagSlug),
    author: post.author,
    publishedAt: post.publishedAt.getTime(),
    day: isoDay(post.publishedAt),
    dateLabel: formatShortDate(post.publishedAt),
  };
  if (post.image) card.image = await responsiveImage(post.image);
  return card;
}

let publishedCards: Promise<CardPost[]> | undefined;

/** Cards of every published post, newest first. */
export function getPublishedCards(): Promise<CardPost[]> {
  publishedCards ??= getPublishedPosts().then((posts) => Promise.all(posts.map(toCard)));
  return publishedCards;
}

/** What the post page shows above and around the content. */
export async function toArticle(post: BuiltPost) {
  return {
    title: post.title,
    author: post.author,
    day: isoDay(post.publishedAt),
    dateLabel: formatLongDate(post.publishedAt),
    tags: post.tags,
    html: post.html,
    image: post.image ? { ...(await responsiveImage(post.image)), alt: post.imageAlt } : undefined,
  };
}

const digest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/**
 * The manifest the browser's post store is seeded from (src/lib/store/seed.ts). It is a public file,
 * so it holds published posts only: a draft in git is edited in git (or Decap CMS) until published.
 */
export async function buildManifest(): Promise<PostManifest> {
  const posts = await Promise.all(
    (await getPublishedPosts()).map(async (post): Promise<ManifestPost> => {
      const fields: Omit<ManifestPost, 'revision'> = {
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        content: post.html,
        tags: post.tags,
        author: post.author,
        publishedAt: post.publishedAt.toISOString(),
        updatedAt: post.updatedAt.toISOString(),
        isDraft: post.isDraft,
        source: {
          file: `${post.id}.md`,
          ...(post.imagePath ? { featuredImage: post.imagePath } : {}),
          ...(post.image && post.imageAlt ? { featuredImageAlt: post.imageAlt } : {}),
          ...(post.sourceSha256 ? { sha256: post.sourceSha256 } : {}),
          ...(Object.keys(post.pictures).length > 0 ? { pictures: post.pictures } : {}),
        },
      };
      if (post.image) fields.featuredImage = await singlePicture(post.image);
      return { ...fields, revision: digest(fields) };
    }),
  );
  return { version: MANIFEST_VERSION, revision: digest(posts.map((post) => post.revision)), posts };
}
