// Which posts in this browser came from the site's own files (seeded from /blog/manifest.json). An
// export of one names the file it replaces and keeps its picture as the file wrote it; Export all
// leaves out the ones the admin has not changed, which the repository already holds.
import type { Post } from '@/lib/db';
import {
  MANIFEST_URL,
  parseManifest,
  readSeedRecord,
  type PostManifest,
  type PostSource,
  type SeedRecord,
} from '@/lib/store/seed';

export interface SitePost {
  source: PostSource;
  /** The featured image's address in the built site; the post still has it unless the admin changed it. */
  builtImage?: string | undefined;
  /** True once the admin has saved the post in this browser. */
  changed: boolean;
  /** The date the website shows for it (ms; the file's publishedAt), kept when it is published again. */
  publishedAt?: number | undefined;
}

/** Site posts by their id in this browser's store. */
export function sitePostsFrom(
  manifest: PostManifest,
  record: SeedRecord,
  posts: readonly Post[],
): Map<number, SitePost> {
  const bySlug = new Map(manifest.posts.map((post) => [post.slug, post]));
  const byId = new Map(posts.map((post) => [post.id, post]));
  const sitePosts = new Map<number, SitePost>();
  for (const [slug, seeded] of Object.entries(record.posts)) {
    const built = bySlug.get(slug);
    const stored = byId.get(seeded.id);
    if (!built?.source || !stored) continue;
    sitePosts.set(stored.id, {
      source: built.source,
      builtImage: built.featuredImage,
      changed: stored.updatedAt.getTime() !== seeded.updatedAt,
      publishedAt: Number.isNaN(Date.parse(built.publishedAt)) ? undefined : Date.parse(built.publishedAt),
    });
  }
  return sitePosts;
}

/** Never throws: without the manifest (offline, say) every post exports as the browser's own. */
export async function readSitePosts(
  posts: readonly Post[],
  fetchFn: typeof fetch = fetch,
): Promise<Map<number, SitePost>> {
  try {
    const response = await fetchFn(MANIFEST_URL, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${MANIFEST_URL} answered ${response.status}`);
    return sitePostsFrom(parseManifest(await response.json()), readSeedRecord(), posts);
  } catch (error) {
    console.error('[admin] could not read which posts come from the site:', error);
    return new Map();
  }
}
