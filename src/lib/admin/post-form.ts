// The admin post form's rules (SPEC 2 and 5): one zod schema shared by the island and the tests
// (zod/mini, as in the other browser-side forms).
import * as z from 'zod/mini';
import type { Post } from '@/lib/db';
import type { PostInput } from '@/lib/store/posts';
import { formatTags, parseTags } from '@/lib/blog/tags';
import { PICTURE_ADDRESS_RULE, pictureAddressProblem } from '@/lib/text/url-check';
import { isPostPictures, type PostPictures } from './picture-file';
import { POST_LIMITS } from '@/lib/blog/post-rules';
import { pictureProblems } from './picture-input';

export const POST_FORM_MESSAGES = {
  titleRequired: 'Title is required',
  excerptRequired: 'Excerpt is required',
  titleTooLong: `Title must not exceed ${POST_LIMITS.title} characters`,
  excerptTooLong: `Excerpt must not exceed ${POST_LIMITS.excerpt} characters`,
  tagTooLong: `Each tag must not exceed ${POST_LIMITS.tag} characters`,
  featuredImage: 'Enter a picture address starting with https:// or /, or leave this empty',
} as const;

/** What the form edits, as text (tags as the comma-separated line the admin types). */
export interface PostFormValues {
  title: string;
  excerpt: string;
  content: string;
  tags: string;
  featuredImage: string;
  isDraft: boolean;
  /**
   * The post's own pictures, named in the content as './images/<name>' (src/lib/admin/picture-file.ts).
   * Not a field of its own: a picture comes and goes with the content that names it.
   */
  pictures: PostPictures;
}

export type PostFormField = Exclude<keyof PostFormValues, 'pictures'>;
export const POST_FORM_FIELDS: readonly PostFormField[] = [
  'title',
  'excerpt',
  'content',
  'tags',
  'featuredImage',
  'isDraft',
];

/**
 * An https image address, a path on this site, or (for posts imported from content/posts) an image
 * file relative to the post ('./images/name.webp'), kept so it exports back unchanged
 * (src/lib/text/url-check.ts).
 */
export function isImageAddress(value: string): boolean {
  return pictureAddressProblem(value, { repositoryFiles: true }) === undefined;
}

/** The form's message for an image address it refuses: what is wrong, when that is more than the rule. */
export function featuredImageMessage(value: string): string {
  const problem = pictureAddressProblem(value, { repositoryFiles: true });
  return problem === undefined || problem === PICTURE_ADDRESS_RULE
    ? POST_FORM_MESSAGES.featuredImage
    : `The picture address ${problem}`;
}

export const postFormSchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, POST_FORM_MESSAGES.titleRequired),
      z.maxLength(POST_LIMITS.title, POST_FORM_MESSAGES.titleTooLong),
    ),
  excerpt: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, POST_FORM_MESSAGES.excerptRequired),
      z.maxLength(POST_LIMITS.excerpt, POST_FORM_MESSAGES.excerptTooLong),
    ),
  // Every picture in the text has alt text (or is marked decorative) and an address the site shows.
  content: z.string().check(
    z.superRefine((html, context) => {
      const problem = pictureProblems(html)[0];
      if (problem) context.issues.push({ code: 'custom', message: problem.message, input: html });
    }),
  ),
  tags: z
    .pipe(
      z.string(),
      z.transform((text) => parseTags(text)),
    )
    .check(
      z.refine((tags) => tags.every((tag) => tag.length <= POST_LIMITS.tag), POST_FORM_MESSAGES.tagTooLong),
    ),
  featuredImage: z.pipe(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || isImageAddress(value), {
        error: (issue) => featuredImageMessage(String(issue.input)),
      }),
    ),
    z.transform((value) => value || undefined),
  ),
  isDraft: z.boolean(),
});

/** A new post's form: empty, with 'Save as draft' checked (SPEC 4: a new post defaults to draft). */
export const EMPTY_POST_FORM: PostFormValues = {
  title: '',
  excerpt: '',
  content: '',
  tags: '',
  featuredImage: '',
  isDraft: true,
  pictures: {},
};

/** The edit form, prefilled from a stored post. */
export function formValuesFromPost(post: Post): PostFormValues {
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    tags: formatTags(post.tags),
    featuredImage: post.featuredImage ?? '',
    isDraft: post.isDraft !== 0,
    // Storage can be changed by anything on the site's origin: only pictures as the admin keeps them.
    pictures: isPostPictures(post.pictures) ? post.pictures : {},
  };
}

/** The store input of valid form values, with the content sanitised by the caller. */
export type ParsedPostForm = z.output<typeof postFormSchema>;

export function toPostInput(parsed: ParsedPostForm, sanitizedContent: string): PostInput {
  return { ...parsed, content: sanitizedContent };
}

/** The editor's HTML for "nothing written" ('<p></p>') reads as empty. */
export function normalizeContent(html: string): string {
  const trimmed = html.trim();
  return trimmed === '<p></p>' ? '' : trimmed;
}

/**
 * True when two form states would save the same post. The pictures follow the content: a picture is
 * added with the text that names it, and one the text no longer names is not saved.
 */
export function sameFormValues(a: PostFormValues, b: PostFormValues): boolean {
  return POST_FORM_FIELDS.every((field) => sameField(field, a, b));
}

/** True when one field of two form states would save the same (sameFormValues, field by field). */
export function sameField(field: PostFormField, a: PostFormValues, b: PostFormValues): boolean {
  return field === 'content'
    ? normalizeContent(a.content) === normalizeContent(b.content)
    : a[field] === b[field];
}
