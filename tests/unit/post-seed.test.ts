// Seeding the in-browser post store from the build's manifest: first use, later deploys, and the
// admin's changes, which are never overwritten or brought back. fake-indexeddb via setup.ts.
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_POSTS_KEY } from '@/lib/store/browser-posts-flag';
import { createDatabase, DRAFT, PUBLISHED, type AppDatabase } from '@/lib/db';
import { createPostStore } from '@/lib/store/posts';
import {
  createSeeder,
  parseManifest,
  readSeedRecord,
  SEED_RECORD_KEY,
  seededSlugs,
  seedPosts,
  type ManifestPost,
  type PostManifest,
} from '@/lib/store/seed';
import { MemoryStorage } from '../helpers';

const post = (slug: string, extra: Partial<ManifestPost> = {}): ManifestPost => ({
  slug,
  title: slug.replace(/-/g, ' '),
  excerpt: `About ${slug}`,
  content: `<p>${slug}</p>`,
  tags: ['Home'],
  author: 'Admin',
  publishedAt: '2025-01-05T12:00:00.000Z',
  updatedAt: '2025-01-05T12:00:00.000Z',
  isDraft: false,
  revision: `${slug}-r1`,
  ...extra,
});

const manifest = (
  posts: ManifestPost[],
  revision = posts.map((p) => p.revision).join('|'),
): PostManifest => ({
  version: 1,
  revision,
  posts,
});

let db: AppDatabase;
let storage: MemoryStorage;
const options = () => ({ database: () => db, storage });
const slugs = async () => (await db.posts.toArray()).map((p) => p.slug).sort();

beforeEach(async () => {
  await Dexie.delete('BlogDatabase');
  db = createDatabase();
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => {
  db.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('first use', () => {
  it('adds every built post, drafts included (stored as 1), with its dates, and marks the browser', async () => {
    const result = await seedPosts(
      manifest([post('a'), post('b', { isDraft: true, featuredImage: '/_astro/b.webp' })]),
      options(),
    );
    expect(result).toMatchObject({ ok: true, added: 2 });
    const stored = await db.posts.toArray();
    expect(stored.map((p) => [p.slug, p.isDraft])).toEqual([
      ['a', PUBLISHED],
      ['b', DRAFT],
    ]);
    expect(stored[0]!.publishedAt).toEqual(new Date('2025-01-05T12:00:00.000Z'));
    expect(stored[1]!.featuredImage).toBe('/_astro/b.webp');
    expect(stored[0]).not.toHaveProperty('featuredImage');
    expect(storage.getItem(BROWSER_POSTS_KEY)).toBe('1');
    expect(seededSlugs(storage)).toEqual(new Set(['a', 'b']));
  });

  it('is idempotent: seeding the same manifest again adds nothing and skips the database', async () => {
    const built = manifest([post('a'), post('b')]);
    await seedPosts(built, options());
    const spy = vi.spyOn(db, 'transaction');
    expect(await seedPosts(built, options())).toMatchObject({ ok: true, added: 0, unchanged: true });
    expect(spy).not.toHaveBeenCalled();
    expect(await db.posts.count()).toBe(2);
  });

  it('seeds a manifest whose revision is empty, and marks the browser again when nothing changed', async () => {
    expect(await seedPosts(manifest([post('a')], ''), options())).toMatchObject({ ok: true, added: 1 });
    expect(await slugs()).toEqual(['a']);
    storage.removeItem(BROWSER_POSTS_KEY);
    await seedPosts(manifest([post('a')], ''), options());
    const built = manifest([post('a')]);
    await seedPosts(built, options());
    storage.removeItem(BROWSER_POSTS_KEY);
    expect(await seedPosts(built, options())).toMatchObject({ unchanged: true });
    expect(storage.getItem(BROWSER_POSTS_KEY)).toBe('1');
  });

  it('lets two tabs seed at once without duplicates', async () => {
    const built = manifest([post('a'), post('b'), post('c')]);
    const other = new MemoryStorage();
    await Promise.all([
      seedPosts(built, options()),
      seedPosts(built, { database: () => db, storage: other }),
    ]);
    expect(await slugs()).toEqual(['a', 'b', 'c']);
    expect(Object.keys(readSeedRecord(other).posts).sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('a later deploy', () => {
  it('adds new posts without overwriting the ones the admin changed in this browser', async () => {
    await seedPosts(manifest([post('a'), post('b')]), options());
    const store = createPostStore({ database: () => db });
    const a = (await store.findBySlug('a'))!;
    await store.update(a.id, {
      title: 'a',
      excerpt: 'Mine now',
      content: '<p>edited</p>',
      tags: [],
      isDraft: false,
    });

    const result = await seedPosts(
      manifest([post('a', { content: '<p>new build</p>', revision: 'a-r2' }), post('b'), post('c')]),
      options(),
    );
    expect(result).toMatchObject({ ok: true, added: 1, refreshed: 0 });
    expect(await slugs()).toEqual(['a', 'b', 'c']);
    expect((await store.findBySlug('a'))!.content).toBe('<p>edited</p>');
  });

  it('refreshes a post the admin never touched when the build changed it', async () => {
    await seedPosts(manifest([post('a')]), options());
    const id = (await db.posts.toArray())[0]!.id;
    const changed = post('a', {
      content: '<p>corrected</p>',
      updatedAt: '2025-02-01T12:00:00.000Z',
      revision: 'a-r2',
    });
    expect(await seedPosts(manifest([changed]), options())).toMatchObject({ refreshed: 1 });
    const stored = (await db.posts.get(id))!;
    expect(stored.content).toBe('<p>corrected</p>');
    expect(stored.updatedAt).toEqual(new Date('2025-02-01T12:00:00.000Z'));
    // ...and still recognises it as untouched next time.
    const again = post('a', { content: '<p>third</p>', revision: 'a-r3' });
    expect(await seedPosts(manifest([again]), options())).toMatchObject({ refreshed: 1 });
  });

  it('never brings back a post the admin deleted', async () => {
    await seedPosts(manifest([post('a'), post('b')]), options());
    const store = createPostStore({ database: () => db });
    await store.remove((await store.findBySlug('a'))!.id);
    await seedPosts(manifest([post('a', { revision: 'a-r2' }), post('b'), post('c')]), options());
    expect(await slugs()).toEqual(['b', 'c']);
    expect(seededSlugs(storage).has('a')).toBe(true);
  });

  it('does not re-add a renamed post under its old slug', async () => {
    await seedPosts(manifest([post('a')]), options());
    const store = createPostStore({ database: () => db });
    await store.update((await store.findBySlug('a'))!.id, {
      title: 'A new title',
      excerpt: 'x',
      content: '<p>x</p>',
      tags: [],
      isDraft: false,
    });
    await seedPosts(manifest([post('a', { revision: 'a-r2' })]), options());
    expect(await slugs()).toEqual(['a-new-title']);
  });

  it('removes posts the deploy removed, unless the admin changed them', async () => {
    await seedPosts(manifest([post('a'), post('b'), post('c')]), options());
    const store = createPostStore({ database: () => db });
    const b = (await store.findBySlug('b'))!;
    await store.update(b.id, { title: 'b', excerpt: 'kept', content: '<p>b</p>', tags: [], isDraft: true });
    expect(await seedPosts(manifest([post('c')]), options())).toMatchObject({ removed: 1 });
    expect(await slugs()).toEqual(['b', 'c']);
    expect(seededSlugs(storage)).toEqual(new Set(['b', 'c']));
  });

  it('keeps a post the admin removed from the website, as a post of this browser', async () => {
    await seedPosts(manifest([post('a'), post('b')]), options());
    const a = (await db.posts.where('slug').equals('a').first())!;
    const removed = {
      file: 'a.md',
      state: 'removed' as const,
      postUpdatedAt: a.updatedAt.getTime(),
      at: new Date(),
      committed: true,
    };
    await db.posts.update(a.id, { publication: removed });
    expect(await seedPosts(manifest([post('b')]), options())).toMatchObject({ removed: 0 });
    expect(await slugs()).toEqual(['a', 'b']);
    expect(seededSlugs(storage)).toEqual(new Set(['b']));
  });

  it("leaves a slug the admin's own post holds to that post", async () => {
    const store = createPostStore({ database: () => db });
    await store.create({ title: 'a', excerpt: 'mine', content: '<p>mine</p>', tags: [], isDraft: false });
    await seedPosts(manifest([post('a'), post('b')]), options());
    expect(await slugs()).toEqual(['a', 'b']);
    expect((await store.findBySlug('a'))!.content).toBe('<p>mine</p>');
    // A later build changing 'a' still does not overwrite the admin's post.
    await seedPosts(
      manifest([post('a', { content: '<p>built</p>', revision: 'a-r2' }), post('b')]),
      options(),
    );
    expect((await store.findBySlug('a'))!.content).toBe('<p>mine</p>');
  });

  it.each([
    ['title', { title: 'My own title' }],
    ['content', { content: '<p>mine</p>' }],
  ])(
    "keeps the admin's post at a built slug that differs only in its %s, even at the same updatedAt",
    async (_field, mine) => {
      const store = createPostStore({ database: () => db });
      await store.create({ title: 'a', excerpt: 'mine', content: '<p>a</p>', tags: [], isDraft: false });
      const { id } = (await store.findBySlug('a'))!;
      await db.posts.update(id, { ...mine, updatedAt: new Date('2025-01-05T12:00:00.000Z') });
      await seedPosts(manifest([post('a')]), options());
      await seedPosts(
        manifest([post('a', { title: 'built', content: '<p>built</p>', revision: 'a-r2' })]),
        options(),
      );
      expect(await db.posts.get(id)).toMatchObject(mine);
    },
  );
});

describe('failures', () => {
  it('reports a database that cannot be opened, without throwing or remembering anything', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = () => {
      throw new DOMException('no storage', 'SecurityError');
    };
    expect(await seedPosts(manifest([post('a')]), { database: broken, storage })).toEqual({ ok: false });
    expect(storage.getItem(SEED_RECORD_KEY)).toBeNull();
  });

  it('reads a damaged seed record as empty', () => {
    storage.setItem(SEED_RECORD_KEY, '{not json');
    expect(readSeedRecord(storage)).toEqual({ revision: '', posts: {} });
    storage.setItem(
      SEED_RECORD_KEY,
      JSON.stringify({ revision: 'r', posts: { a: { id: 'x' }, b: { id: 2, revision: 'r', updatedAt: 1 } } }),
    );
    expect(Object.keys(readSeedRecord(storage).posts)).toEqual(['b']);
    const good = { id: 2, revision: 'r', updatedAt: 1 };
    storage.setItem(
      SEED_RECORD_KEY,
      JSON.stringify({
        revision: 'r',
        posts: {
          '': good,
          text: { ...good, id: 'x' },
          half: { ...good, id: 1.5 },
          noRevision: { ...good, revision: 3 },
          noTime: { ...good, updatedAt: '1' },
          ok: good,
        },
      }),
    );
    expect(Object.keys(readSeedRecord(storage).posts)).toEqual(['ok']);
  });

  it('refuses a manifest of another shape', () => {
    expect(() => parseManifest({ version: 2, revision: 'r', posts: [] })).toThrow();
    expect(() => parseManifest({ version: 1, revision: 'r', posts: [{ slug: 'a' }] })).toThrow(/"a"/);
    expect(parseManifest(manifest([post('a')])).posts).toHaveLength(1);
  });

  it.each([
    ['an empty slug', { slug: '' }],
    ['a publishedAt that is no date', { publishedAt: 'soon' }],
    ['an updatedAt that is no date', { updatedAt: 'soon' }],
    ['isDraft as text', { isDraft: 'false' }],
    ['no revision', { revision: undefined }],
    ['tags as text', { tags: 'Home' }],
    ['no author', { author: undefined }],
  ])('refuses a manifest post with %s', (_what, bad) => {
    const broken = { ...post('a'), ...bad } as unknown as ManifestPost;
    expect(() => parseManifest(manifest([post('b'), broken]))).toThrow(/incomplete/);
  });
});

describe('ensureSeeded', () => {
  const respond = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('fetches the manifest once per page, seeds, and resolves on every later call', async () => {
    const fetchMock = vi.fn(async () => respond(manifest([post('a')])));
    const { ensureSeeded } = createSeeder({ ...options(), fetch: fetchMock as unknown as typeof fetch });
    await Promise.all([ensureSeeded(), ensureSeeded()]);
    await ensureSeeded();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/blog/manifest.json',
      expect.objectContaining({ cache: 'no-cache' }),
    );
    expect(await slugs()).toEqual(['a']);
  });

  it('does not seed from an error answer, whatever its body', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = vi.fn(async () => respond(manifest([post('a')]), 503));
    const { ensureSeeded } = createSeeder({ ...options(), fetch: fetchMock as unknown as typeof fetch });
    await ensureSeeded();
    expect(await db.posts.count()).toBe(0);
    expect(logged).toHaveBeenCalledWith('[blog] Could not seed the post store:', expect.any(Error));
  });

  it('never throws; a failed attempt is logged and tried again on the next call', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(respond({ nope: true }))
      .mockResolvedValueOnce(respond('', 404))
      .mockResolvedValue(respond(manifest([post('a')])));
    const { ensureSeeded } = createSeeder({ ...options(), fetch: fetchMock as unknown as typeof fetch });
    await expect(ensureSeeded()).resolves.toBeUndefined();
    await expect(ensureSeeded()).resolves.toBeUndefined();
    await expect(ensureSeeded()).resolves.toBeUndefined();
    expect(await db.posts.count()).toBe(0);
    expect(logged).toHaveBeenCalledTimes(3);
    await ensureSeeded();
    expect(await slugs()).toEqual(['a']);
  });
});
