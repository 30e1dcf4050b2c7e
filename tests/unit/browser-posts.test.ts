// What public pages read from a browser's post store: the admin's own and changed posts as cards,
// the slugs whose built version gives way, and one post by slug. Drafts never show.
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cardFromStoredPost,
  findBrowserPost,
  readBrowserPosts,
  siteCopyChange,
} from '@/lib/store/browser-posts';
import { createDatabase, type AppDatabase } from '@/lib/db';
import { createPostStore } from '@/lib/store/posts';
import { seedPosts, type ManifestPost } from '@/lib/store/seed';
import { MemoryStorage } from '../helpers';

const built = (slug: string, isDraft = false): ManifestPost => ({
  slug,
  title: slug,
  excerpt: 'x',
  content: '<p>x</p>',
  tags: [],
  author: 'Admin',
  publishedAt: '2025-01-05T12:00:00.000Z',
  updatedAt: '2025-01-05T12:00:00.000Z',
  isDraft,
  revision: slug,
});

let db: AppDatabase;
let storage: MemoryStorage;
const options = () => ({ database: () => db, storage });
const input = (title: string, isDraft = false) => ({
  title,
  excerpt: 'e',
  content: '<p>c</p>',
  tags: ['Home'],
  isDraft,
});

beforeEach(async () => {
  await Dexie.delete('BlogDatabase');
  db = createDatabase();
  storage = new MemoryStorage();
  await seedPosts(
    { version: 1, revision: 'r1', posts: [built('seeded'), built('other'), built('draft', true)] },
    options(),
  );
});
afterEach(() => db.close());

describe('readBrowserPosts', () => {
  it('leaves untouched seeded posts (and drafts, which have no built card) to the built pages', async () => {
    const result = await readBrowserPosts(options());
    expect(result).toEqual({ published: [], knownSlugs: new Set() });
  });

  it("lists the admin's published posts as cards and hides what the admin deleted or unpublished", async () => {
    const store = createPostStore({ database: () => db });
    await store.create(input('Written here'), new Date('2025-03-01T15:00:00Z'));
    await store.create(input('Draft here', true));
    await store.remove((await store.findBySlug('other'))!.id);
    await store.update((await store.findBySlug('seeded'))!.id, input('seeded', true));

    const result = (await readBrowserPosts(options()))!;
    expect(result.published.map((p) => p.slug)).toEqual(['written-here']);
    expect(result.published[0]).toMatchObject({
      dateLabel: 'Mar 1, 2025',
      day: '2025-03-01',
      fromBrowser: true,
    });
    expect([...result.knownSlugs].sort()).toEqual(['draft-here', 'other', 'seeded', 'written-here']);
  });

  it('returns nothing when the store cannot be read, so the built list stands', async () => {
    const broken = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    const quiet = console.error;
    console.error = () => {};
    expect(await readBrowserPosts({ database: broken, storage })).toBeUndefined();
    console.error = quiet;
  });
});

describe('findBrowserPost', () => {
  it('finds published posts only, and says whether the admin changed them', async () => {
    const store = createPostStore({ database: () => db });
    await store.create(input('Only here'));
    expect(await findBrowserPost('seeded', options())).toMatchObject({ changedHere: false });
    expect(await findBrowserPost('only-here', options())).toMatchObject({ changedHere: true });
    expect(await findBrowserPost('draft', options())).toBeUndefined();
    expect(await findBrowserPost('missing', options())).toBeUndefined();
  });
});

describe('siteCopyChange', () => {
  it('says what the admin did here to a site post whose built page still shows it', async () => {
    const store = createPostStore({ database: () => db });
    expect(await siteCopyChange('seeded', options())).toBeUndefined(); // untouched
    expect(await siteCopyChange('not-on-the-site', options())).toBeUndefined();

    await store.update((await store.findBySlug('seeded'))!.id, input('seeded', true));
    expect(await siteCopyChange('seeded', options())).toEqual({ kind: 'draft' });

    await store.remove((await store.findBySlug('other'))!.id);
    expect(await siteCopyChange('other', options())).toEqual({ kind: 'deleted' });

    await store.update((await store.findBySlug('seeded'))!.id, input('A New Title'));
    expect(await siteCopyChange('seeded', options())).toEqual({ kind: 'moved', slug: 'a-new-title' });
  });

  it('returns nothing when the store cannot be read', async () => {
    const broken = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    const quiet = console.error;
    console.error = () => {};
    expect(await siteCopyChange('seeded', { database: broken, storage })).toBeUndefined();
    console.error = quiet;
  });
});

describe('cardFromStoredPost', () => {
  it('keeps only a safe featured image URL', async () => {
    const store = createPostStore({ database: () => db });
    const created = await store.create({ ...input('Pic'), featuredImage: 'javascript:alert(1)' });
    expect(created.ok && cardFromStoredPost(created.value).image).toBeUndefined();
    const ok = await store.create({ ...input('Pic two'), featuredImage: 'https://example.org/a.webp' });
    expect(ok.ok && cardFromStoredPost(ok.value).image).toEqual({ src: 'https://example.org/a.webp' });
  });
});
