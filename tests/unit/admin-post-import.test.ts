import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseMarkdownFiles, postToMarkdown, type ImportedPost } from '@/lib/admin/markdown';
import { importPosts, planImport } from '@/lib/admin/post-import';
import { createDatabase, DRAFT, PUBLISHED, type AppDatabase } from '@/lib/db';
import { createPostStore } from '@/lib/store/posts';

let db: AppDatabase;
beforeEach(() => {
  db = createDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
});
afterEach(() => {
  vi.restoreAllMocks();
  db.close();
});

const imported = (overrides: Partial<ImportedPost> = {}): ImportedPost => ({
  fileName: 'a.md',
  slug: 'first-steps',
  title: 'First steps',
  excerpt: 'Where to begin.',
  content: '<p>Hello</p>',
  tags: ['start'],
  author: 'Admin',
  isDraft: false,
  publishedAt: new Date('2025-01-05T12:00:00Z'),
  updatedAt: new Date('2025-01-06T12:00:00Z'),
  ...overrides,
});

describe('post import', () => {
  it('adds new posts keeping the dates of the files', async () => {
    expect(
      await importPosts([imported(), imported({ slug: 'second', title: 'Second', isDraft: true })], {
        database: () => db,
      }),
    ).toEqual({
      ok: true,
      added: 2,
      replaced: 0,
    });
    const posts = await db.posts.orderBy('slug').toArray();
    expect(posts.map((p) => [p.slug, p.isDraft])).toEqual([
      ['first-steps', PUBLISHED],
      ['second', DRAFT],
    ]);
    expect(posts[0]!.publishedAt).toEqual(new Date('2025-01-05T12:00:00Z'));
  });

  it('replaces the post with the same slug, keeping its id', async () => {
    const store = createPostStore({ database: () => db });
    const created = await store.create({
      title: 'First steps',
      excerpt: 'Old',
      content: '',
      tags: [],
      isDraft: false,
    });
    if (!created.ok) throw new Error(created.error);
    const plan = await planImport([imported(), imported({ slug: 'new-one' })], { database: () => db });
    expect(plan?.replaced.map((r) => [r.post.slug, r.existingTitle])).toEqual([
      ['first-steps', 'First steps'],
    ]);
    expect(plan?.added.map((p) => p.slug)).toEqual(['new-one']);
    expect(await importPosts([imported()], { database: () => db })).toEqual({
      ok: true,
      added: 0,
      replaced: 1,
    });
    expect(await store.findById(created.value.id)).toMatchObject({
      excerpt: 'Where to begin.',
      slug: 'first-steps',
    });
    expect(await db.posts.count()).toBe(1);
  });

  it('writes nothing when one post fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = imported({ slug: 'bad' });
    // A value IndexedDB cannot store makes the second write fail inside the transaction.
    (bad as unknown as { content: unknown }).content = () => 'not cloneable';
    const result = await importPosts([imported(), bad], { database: () => db });
    expect(result.ok).toBe(false);
    expect(await db.posts.count()).toBe(0);
  });

  it('round-trips export and import through the store', async () => {
    const store = createPostStore({ database: () => db });
    await store.create({
      title: 'Visual schedules',
      excerpt: 'Pictures.',
      content: '<p>A <strong>b</strong></p>',
      tags: ['x'],
      isDraft: true,
    });
    const before = await store.listAll();
    const files = before.map((post) => ({ name: `${post.slug}.md`, text: postToMarkdown(post) }));
    await db.posts.clear();
    const parsed = parseMarkdownFiles(files);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    await importPosts(parsed.posts, { database: () => db });
    const after = await store.listAll();
    expect(after.map(({ id: _id, ...rest }) => rest)).toEqual(before.map(({ id: _id, ...rest }) => rest));
  });
});
