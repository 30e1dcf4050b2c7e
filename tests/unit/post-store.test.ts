import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, DRAFT, PUBLISHED, type AppDatabase } from '@/lib/db';
import { CHANGED_ELSEWHERE, createPostStore, type PostInput } from '@/lib/store/posts';

let db: AppDatabase;
let store: ReturnType<typeof createPostStore>;

const input = (overrides: Partial<PostInput> = {}): PostInput => ({
  title: 'Visual Schedules at Home',
  excerpt: 'How a picture schedule can make the day easier to follow.',
  content: '<p>Hello</p>',
  tags: ['home', 'routines'],
  isDraft: false,
  ...overrides,
});

beforeEach(async () => {
  await Dexie.delete('BlogDatabase');
  db = createDatabase();
  store = createPostStore({ database: () => db });
});
afterEach(() => db.close());

describe('post store', () => {
  it('creates a post with slug, author Admin and both dates set to now', async () => {
    const now = new Date('2025-03-01T15:00:00Z');
    const result = await store.create(input(), now);
    expect(result.ok).toBe(true);
    const post = await store.findBySlug('visual-schedules-at-home');
    expect(post).toMatchObject({ author: 'Admin', isDraft: PUBLISHED, publishedAt: now, updatedAt: now });
    expect(await store.findById(post!.id)).toEqual(post);
  });

  it('stores drafts as 1 and lists only published posts publicly, newest first', async () => {
    await store.create(input({ title: 'Old' }), new Date('2025-01-01'));
    await store.create(input({ title: 'Draft', isDraft: true }), new Date('2025-02-01'));
    await store.create(input({ title: 'New' }), new Date('2025-03-01'));
    expect((await store.listPublished()).map((p) => p.title)).toEqual(['New', 'Old']);
    expect((await store.listAll()).map((p) => p.title)).toEqual(['New', 'Draft', 'Old']);
    expect((await db.posts.where('isDraft').equals(DRAFT).toArray()).map((p) => p.title)).toEqual(['Draft']);
  });

  it('gives a colliding title a numeric suffix', async () => {
    await store.create(input({ title: 'Hello' }));
    const second = await store.create(input({ title: 'hello!' }));
    expect(second.ok && second.value.slug).toBe('hello-2');
  });

  it('gives a third colliding title the next free suffix', async () => {
    await store.create(input({ title: 'Hello' }));
    await store.create(input({ title: 'Hello' }));
    const third = await store.create(input({ title: 'Hello' }));
    expect(third.ok && third.value.slug).toBe('hello-3');
  });

  it('trims the title and excerpt, and stores no empty featured image', async () => {
    const created = await store.create(
      input({ title: '  Spaced  ', excerpt: ' Short. ', featuredImage: '' }),
    );
    const stored = await store.findById(created.ok ? created.value.id : -1);
    expect(stored).toMatchObject({ title: 'Spaced', excerpt: 'Short.', slug: 'spaced' });
    expect(stored).not.toHaveProperty('featuredImage');
  });

  it('drops the featured image and the pictures an update no longer has', async () => {
    const created = await store.create(
      input({ featuredImage: '/images/a.webp', pictures: { 'blob:a': 'data:image/png;base64,AA==' } }),
    );
    const id = created.ok ? created.value.id : -1;
    expect(await store.findById(id)).toHaveProperty('pictures');
    await store.update(id, input({ featuredImage: undefined, pictures: {} }));
    const stored = await store.findById(id);
    expect(stored).not.toHaveProperty('featuredImage');
    expect(stored).not.toHaveProperty('pictures');
  });

  it('recomputes the slug and sets both dates on update, keeping its own slug free', async () => {
    const created = await store.create(input({ title: 'First title' }), new Date('2025-01-01'));
    const id = created.ok ? created.value.id : -1;
    const later = new Date('2025-05-05T10:00:00Z');
    const same = await store.update(id, input({ title: 'First title' }), later);
    expect(same.ok && same.value.slug).toBe('first-title');
    const renamed = await store.update(id, input({ title: 'Second title', featuredImage: undefined }), later);
    expect(renamed.ok && renamed.value).toMatchObject({
      slug: 'second-title',
      publishedAt: later,
      updatedAt: later,
    });
    expect(await store.findBySlug('first-title')).toBeUndefined();
  });

  it('says so when updating a post that no longer exists', async () => {
    expect(await store.update(999, input())).toEqual({ ok: false, error: 'This post no longer exists.' });
  });

  it('refuses to undo a save made from another tab since the form was opened', async () => {
    const opened = await store.create(input({ title: 'Opened in two tabs' }), new Date('2025-01-01'));
    const { id, updatedAt } = opened.ok ? opened.value : { id: -1, updatedAt: new Date(0) };
    // Tab B saves first, from the same starting point.
    const fromB = await store.update(
      id,
      input({ title: 'Saved in tab B' }),
      new Date('2025-01-02'),
      updatedAt,
    );
    expect(fromB.ok).toBe(true);
    // Tab A, opened before that save, is refused and the post keeps B's title.
    expect(
      await store.update(id, input({ title: 'Saved in tab A' }), new Date('2025-01-03'), updatedAt),
    ).toEqual({
      ok: false,
      error: CHANGED_ELSEWHERE,
    });
    expect((await store.findById(id))?.title).toBe('Saved in tab B');
    // Tab A reloaded: it starts from B's save and may save over it.
    const reloaded = fromB.ok ? fromB.value.updatedAt : undefined;
    expect(
      (await store.update(id, input({ title: 'Saved in tab A' }), new Date('2025-01-04'), reloaded)).ok,
    ).toBe(true);
  });

  it('deletes by id', async () => {
    const created = await store.create(input());
    await store.remove(created.ok ? created.value.id : -1);
    expect(await store.listAll()).toEqual([]);
  });

  it('logs read failures and returns an empty list or nothing', async () => {
    const broken = createPostStore({
      database: () => {
        throw Object.assign(new Error('blocked'), { name: 'SecurityError' });
      },
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await broken.listAll()).toEqual([]);
    expect(await broken.listPublished()).toEqual([]);
    expect(await broken.findBySlug('x')).toBeUndefined();
    expect(await broken.findById(1)).toBeUndefined();
    // Said in the list, where no form holds any text.
    expect(await broken.remove(1)).toEqual({
      ok: false,
      error: 'The post could not be deleted from this browser. It is still in the list; try again.',
    });
    const write = await broken.create(input());
    expect(write).toEqual({
      ok: false,
      error: 'The post could not be saved in this browser. Your text is still in the form.',
    });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
