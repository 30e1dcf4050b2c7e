// The in-browser post store (SPEC 3 and 7) on the shared BlogDatabase: the operations the blog
// and the admin use. Reads never throw: failures are logged (runDbOperation) and give an empty
// list or undefined. Writes report failure to the caller, so the admin can say why and keep the form.
import {
  DRAFT,
  PUBLISHED,
  runDbOperation,
  type AppDatabase,
  type DbOperationOptions,
  type Post,
} from '../db';
import { freePostSlug, slugFromTitle } from '../slug';

import { DEFAULT_AUTHOR } from '../blog/post-rules';

/** What the admin form edits; the store fills in slug, author and dates. */
export interface PostInput {
  title: string;
  excerpt: string;
  content: string;
  tags: string[];
  featuredImage?: string | undefined;
  isDraft: boolean;
  /** The post's own pictures (src/lib/admin/picture-file.ts); those its content no longer names are dropped. */
  pictures?: Record<string, string> | undefined;
}

export type WriteResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Why a save is refused when the post was saved from another tab or window after this form opened. */
export const CHANGED_ELSEWHERE =
  'This post was saved in another tab or window after you opened it, so saving here would undo that. ' +
  'Reload this page to see the saved version: your changes here are kept and offered back.';

const byNewest = (a: Post, b: Post) => b.publishedAt.getTime() - a.publishedAt.getTime();

async function freeSlug(db: AppDatabase, title: string, ownId?: number): Promise<string> {
  const base = slugFromTitle(title);
  const existing = await db.posts.where('slug').startsWith(base).toArray();
  const taken = new Set(existing.filter((post) => post.id !== ownId).map((post) => post.slug));
  return freePostSlug(base, taken);
}

function writeError(reason: string): string {
  return reason === 'quota'
    ? 'The browser has no storage space left for this post.'
    : 'The post could not be saved in this browser. Your text is still in the form.';
}

/** A delete that failed: said in the list, where no form holds any text. */
const DELETE_FAILED = 'The post could not be deleted from this browser. It is still in the list; try again.';

export function createPostStore(options: DbOperationOptions = {}) {
  const read = <T>(description: string, op: (db: AppDatabase) => Promise<T>, fallback: T) =>
    runDbOperation(description, op, options).then((result) => (result.ok ? result.value : fallback));

  return {
    /** Every post, drafts included, newest publishedAt first. */
    listAll: () => read('list posts', async (db) => (await db.posts.toArray()).sort(byNewest), [] as Post[]),

    /** Published posts, newest first. */
    listPublished: () =>
      read(
        'list published posts',
        async (db) => (await db.posts.where('isDraft').equals(PUBLISHED).toArray()).sort(byNewest),
        [] as Post[],
      ),

    findBySlug: (slug: string) =>
      read(
        'find post by slug',
        (db) => db.posts.where('slug').equals(slug).first(),
        undefined as Post | undefined,
      ),

    findById: (id: number) =>
      read('find post by id', (db) => db.posts.get(id), undefined as Post | undefined),

    /** Sets slug (unique), author 'Admin', publishedAt and updatedAt to now. */
    async create(input: PostInput, now = new Date()): Promise<WriteResult<Post>> {
      const result = await runDbOperation(
        'create post',
        (db) =>
          db.transaction('rw', db.posts, async () => {
            const record: Omit<Post, 'id'> = {
              ...toRecord(input),
              slug: await freeSlug(db, input.title),
              author: DEFAULT_AUTHOR,
              publishedAt: now,
              updatedAt: now,
            };
            const id = await db.posts.add(record as Post);
            return { ...record, id } as Post;
          }),
        options,
      );
      return result.ok ? { ok: true, value: result.value } : { ok: false, error: writeError(result.reason) };
    },

    /**
     * Recomputes the slug and sets publishedAt and updatedAt to now (SPEC 4: "even on update").
     * With `unchangedSince` (the updatedAt the form was opened with), a post saved meanwhile from
     * another tab is not overwritten: the later save is refused, and its text stays in its form.
     */
    async update(
      id: number,
      input: PostInput,
      now = new Date(),
      unchangedSince?: Date,
    ): Promise<WriteResult<Post>> {
      const result = await runDbOperation(
        'update post',
        (db) =>
          db.transaction('rw', db.posts, async () => {
            const current = await db.posts.get(id);
            if (!current) return 'missing' as const;
            if (unchangedSince && current.updatedAt.getTime() !== unchangedSince.getTime())
              return 'changed' as const;
            const next: Post = {
              ...current,
              ...toRecord(input),
              slug: await freeSlug(db, input.title, id),
              publishedAt: now,
              updatedAt: now,
            };
            if (input.featuredImage === undefined) delete next.featuredImage;
            if (!input.pictures || Object.keys(input.pictures).length === 0) delete next.pictures;
            await db.posts.put(next);
            return next;
          }),
        options,
      );
      if (!result.ok) return { ok: false, error: writeError(result.reason) };
      if (result.value === 'missing') return { ok: false, error: 'This post no longer exists.' };
      if (result.value === 'changed') return { ok: false, error: CHANGED_ELSEWHERE };
      return { ok: true, value: result.value };
    },

    async remove(id: number): Promise<WriteResult<void>> {
      const result = await runDbOperation('delete post', (db) => db.posts.delete(id), options);
      return result.ok ? { ok: true, value: undefined } : { ok: false, error: DELETE_FAILED };
    },
  };
}

function toRecord(input: PostInput) {
  const record = {
    title: input.title.trim(),
    excerpt: input.excerpt.trim(),
    content: input.content,
    tags: input.tags,
    isDraft: input.isDraft ? DRAFT : PUBLISHED,
  } as Pick<Post, 'title' | 'excerpt' | 'content' | 'tags' | 'isDraft' | 'featuredImage' | 'pictures'>;
  if (input.featuredImage) record.featuredImage = input.featuredImage;
  if (input.pictures && Object.keys(input.pictures).length > 0) record.pictures = { ...input.pictures };
  return record;
}

export type PostStore = ReturnType<typeof createPostStore>;

/** The store on the shared database. */
export const postStore: PostStore = createPostStore();
