/**
 * Stores imported posts in one transaction, so an import is all or nothing: if any write fails,
 * none is kept. A file whose slug matches a post in this browser replaces that post (same id, so
 * its edit address stays); the others are added. The post store's create() and update() set the
 * dates to now and write one post per transaction, which is right for the form but would lose the
 * files' dates and could half-import a batch; hence this one writer beside it.
 */
import { runDbOperation, toStoredPost, type DbOperationOptions, type Post } from '@/lib/db';
import type { ImportedPost } from './markdown';

export interface ImportPlan {
  /** Posts that will be added. */
  added: ImportedPost[];
  /** Posts that will replace one with the same slug, with the title of the one replaced. */
  replaced: Array<{ post: ImportedPost; existingTitle: string }>;
}

export type ImportResult = { ok: true; added: number; replaced: number } | { ok: false; error: string };

/** Which posts an import adds and which it replaces (to ask before replacing). */
export async function planImport(
  posts: readonly ImportedPost[],
  options: DbOperationOptions = {},
): Promise<ImportPlan | undefined> {
  const result = await runDbOperation(
    'plan post import',
    async (db) => {
      const existing = await db.posts
        .where('slug')
        .anyOf(posts.map((post) => post.slug))
        .toArray();
      const titles = new Map(existing.map((post) => [post.slug, post.title]));
      const plan: ImportPlan = { added: [], replaced: [] };
      for (const post of posts) {
        const existingTitle = titles.get(post.slug);
        if (existingTitle === undefined) plan.added.push(post);
        else plan.replaced.push({ post, existingTitle });
      }
      return plan;
    },
    options,
  );
  return result.ok ? result.value : undefined;
}

/** Writes every post or none. */
export async function importPosts(
  posts: readonly ImportedPost[],
  options: DbOperationOptions = {},
): Promise<ImportResult> {
  const result = await runDbOperation(
    'import posts',
    (db) =>
      db.transaction('rw', db.posts, async () => {
        let added = 0;
        let replaced = 0;
        for (const post of posts) {
          const existing = await db.posts.where('slug').equals(post.slug).first();
          // A backup's pictures from the computer come back with their post (picture-file.ts).
          const record = {
            ...toStoredPost(post),
            ...(post.pictures && Object.keys(post.pictures).length > 0 ? { pictures: post.pictures } : {}),
          };
          if (existing) {
            await db.posts.put({ ...record, id: existing.id });
            replaced += 1;
          } else {
            await db.posts.add(record as Post);
            added += 1;
          }
        }
        return { added, replaced };
      }),
    options,
  );
  if (result.ok) return { ok: true, ...result.value };
  return {
    ok: false,
    error:
      result.reason === 'quota'
        ? 'The browser has no storage space left, so nothing was brought back.'
        : 'The posts could not be saved in this browser, so nothing was brought back.',
  };
}
