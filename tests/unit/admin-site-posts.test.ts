// Which posts in the browser came from the site's files, and whether the admin changed them since.
import { describe, expect, it, vi } from 'vitest';
import { readSitePosts, sitePostsFrom } from '@/lib/admin/site-posts';
import type { Post } from '@/lib/db';
import type { PostManifest, SeedRecord } from '@/lib/store/seed';
import { jsonResponse } from '../helpers';

const seededAt = new Date('2025-05-06T12:00:00.000Z');

const stored = (id: number, slug: string, updatedAt = seededAt): Post => ({
  id,
  slug,
  isDraft: 0,
  title: slug,
  excerpt: 'E',
  content: '<p>x</p>',
  tags: [],
  author: 'Admin',
  publishedAt: seededAt,
  updatedAt,
});

const manifest: PostManifest = {
  version: 1,
  revision: 'r',
  posts: ['kept', 'edited', 'deleted'].map((slug) => ({
    slug,
    title: slug,
    excerpt: 'E',
    content: '<p>x</p>',
    tags: [],
    author: 'Admin',
    publishedAt: seededAt.toISOString(),
    updatedAt: seededAt.toISOString(),
    isDraft: false,
    source: { file: `${slug}-file.md`, featuredImage: './images/a.svg' },
    featuredImage: `/_astro/${slug}.webp`,
    revision: slug,
  })),
};

const record: SeedRecord = {
  revision: 'r',
  posts: {
    kept: { id: 1, revision: 'kept', updatedAt: seededAt.getTime() },
    edited: { id: 2, revision: 'edited', updatedAt: seededAt.getTime() },
    deleted: { id: 3, revision: 'deleted', updatedAt: seededAt.getTime() },
  },
};

describe('site posts', () => {
  it('finds the seeded posts by id, with their file, and tells the changed ones', () => {
    const posts = [
      stored(1, 'kept'),
      stored(2, 'edited-and-renamed', new Date('2025-06-01T09:00:00Z')),
      stored(4, 'the-admins-own'),
    ];
    const sitePosts = sitePostsFrom(manifest, record, posts);
    expect([...sitePosts.keys()]).toEqual([1, 2]);
    expect(sitePosts.get(1)).toEqual({
      source: { file: 'kept-file.md', featuredImage: './images/a.svg' },
      builtImage: '/_astro/kept.webp',
      changed: false,
      // The date the website shows, which publishing the post again keeps (issue 35).
      publishedAt: Date.parse(
        manifest.posts.find((post) => post.source?.file === 'kept-file.md')!.publishedAt,
      ),
    });
    expect(sitePosts.get(2)).toMatchObject({ source: { file: 'edited-file.md' }, changed: true });
  });

  it('treats every post as the browser’s own when the manifest cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const offline = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await readSitePosts([stored(1, 'kept')], offline)).size).toBe(0);
    const foreign = vi.fn<typeof fetch>(async () => jsonResponse({ hello: 'world' }));
    expect((await readSitePosts([stored(1, 'kept')], foreign)).size).toBe(0);
    vi.restoreAllMocks();
  });
});
