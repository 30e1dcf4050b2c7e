// Where a post stands with the website, worked out from the post's own record (its `publication`,
// db.ts) and, for posts that came with the site, the build's manifest (site-posts.ts). Pure and
// small: the admin's list imports it for every row without loading any publishing code.
import { sitePostsFrom, type SitePost } from '@/lib/admin/site-posts';
import type { Post } from '@/lib/db';
import { MANIFEST_URL, parseManifest, readSeedRecord, type PostManifest } from '@/lib/store/seed';

export type WebsiteState =
  /** Never published, or removed from the website by this browser. */
  | 'browser-only'
  /** The website's file holds this post as it is here. */
  | 'on-website'
  /** On the website, and saved here since: publish again to update it. */
  | 'changed';

export const WEBSITE_STATE_TEXT: Record<WebsiteState | 'publishing' | 'removing', string> = {
  'browser-only': 'Only in this browser',
  'on-website': 'On the website',
  changed: 'On the website, changed here since',
  publishing: 'Being published…',
  removing: 'Being removed from the website…',
};

export function websiteState(post: Post, site: SitePost | undefined): WebsiteState {
  const publication = post.publication;
  if (publication?.state === 'removed') return 'browser-only';
  if (publication) return post.updatedAt.getTime() === publication.postUpdatedAt ? 'on-website' : 'changed';
  if (site) return site.changed ? 'changed' : 'on-website';
  return 'browser-only';
}

/**
 * The moment a post published for later goes on the website, while it is still ahead of `now` and
 * the post is unchanged since; undefined otherwise (then its state reads as usual).
 */
export function scheduledFor(post: Post, now: number): Date | undefined {
  const publication = post.publication;
  if (publication?.state !== 'published' || publication.publishAt === undefined) return undefined;
  if (post.updatedAt.getTime() !== publication.postUpdatedAt) return undefined;
  return publication.publishAt > now ? new Date(publication.publishAt) : undefined;
}

/** What a publish or removal of this post works on. */
export interface PublishPlan {
  /** File name in content/posts. */
  file: string;
  /**
   * SHA-256 the repository's file must still have (what this browser published, or what the site was
   * built from); undefined when the file must not exist yet (a new post).
   */
  baseline: string | undefined;
  /** True when the file is known to be the website's (published here, or the site's own post). */
  onWebsite: boolean;
}

export function publishPlan(post: Post, site: SitePost | undefined): PublishPlan {
  const publication = post.publication;
  if (publication?.state === 'published') {
    return { file: publication.file, baseline: publication.sha256, onWebsite: true };
  }
  if (publication?.state === 'removed')
    return { file: publication.file, baseline: undefined, onWebsite: false };
  if (site) return { file: site.source.file, baseline: site.source.sha256, onWebsite: true };
  return { file: `${post.slug}.md`, baseline: undefined, onWebsite: false };
}

/** Whether the row offers "Publish to website" (drafts never) and "Remove from website". */
export function websiteActions(post: Post, state: WebsiteState) {
  return {
    publish: post.isDraft === 0 && state !== 'on-website',
    remove: state !== 'browser-only',
  };
}

/** What the site's build published, as far as publishing needs it. */
export interface SiteContext {
  sitePosts: Map<number, SitePost>;
  /** slug -> file name of every post of the last build. */
  builtSlugs: Map<string, string>;
}

export async function loadSiteContext(
  posts: readonly Post[],
  fetchFn: typeof fetch = fetch,
): Promise<SiteContext> {
  try {
    const response = await fetchFn(MANIFEST_URL, {
      headers: { Accept: 'application/json' },
      cache: 'no-cache',
    });
    if (!response.ok) throw new Error(`${MANIFEST_URL} answered ${response.status}`);
    return siteContextFrom(parseManifest(await response.json()), posts);
  } catch (error) {
    // Without it every post counts as new, so publishing a site post finds its file and is refused.
    console.error('[publish] could not read the site manifest:', error);
    return { sitePosts: new Map(), builtSlugs: new Map() };
  }
}

export function siteContextFrom(
  manifest: PostManifest,
  posts: readonly Post[],
  storage?: Storage,
): SiteContext {
  return {
    sitePosts: sitePostsFrom(manifest, readSeedRecord(storage), posts),
    builtSlugs: new Map(
      manifest.posts.flatMap((post) => (post.source ? [[post.slug, post.source.file]] : [])),
    ),
  };
}
