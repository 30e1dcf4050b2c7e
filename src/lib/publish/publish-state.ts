// Where a post stands with the website, worked out from the post's own record (its `publication`,
// db.ts) and, for posts that came with the site, the build's manifest (site-posts.ts). Pure and
// small: the admin's list imports it for every row without loading any publishing code.
import { sitePostsFrom, type SitePost } from '@/lib/admin/site-posts';
import type { Post } from '@/lib/db';
import { MANIFEST_URL, parseManifest, readSeedRecord, type PostManifest } from '@/lib/store/seed';
import { scheduledText } from '@/lib/site/dates';
import { hostBuildsEachChange } from 'virtual:build-derived';

/**
 * When visitors see what the website's files now hold: by itself on a host that builds each change
 * (Netlify, Cloudflare Pages, GitHub Actions); on the practice's own server, once it is updated.
 */
export function whenVisitorsSee(hostBuilds: boolean = hostBuildsEachChange): string {
  return hostBuilds
    ? 'once the site has been built again, which happens by itself after each change'
    : "once the website's server has been updated with it, which the person who looks after the server does";
}

export type WebsiteState =
  /** Never published, or removed from the website by this browser. */
  | 'browser-only'
  /** The website's file holds this post as it is here. */
  | 'on-website'
  /** On the website, and saved here since: publish again to update it. */
  | 'changed';

/** While "Publish to website" or "Remove from website" runs. */
export const BUSY_TEXT: Record<'publishing' | 'removing', string> = {
  publishing: 'Being published...',
  removing: 'Being removed from the website...',
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

/**
 * Where a post stands, as the staff who write it need to know (issue 35): who can see it, and what
 * is still to happen before visitors do. The one place these words are defined: the list, the post's
 * form, the message after a save and the banner on the post's own page all show `postStanding`.
 * "On the website" only once the site's build has the very file this browser published (the
 * manifest's sha256): a file written in the project folder (decap-server's fs mode) or committed but
 * not yet built is not on the website yet.
 */
export type Standing =
  | 'draft'
  | 'draft-on-website'
  | 'not-published'
  | 'scheduled'
  | 'written-locally'
  | 'sent'
  | 'on-website'
  | 'changed'
  | 'changed-since-sent'
  | 'removal-pending'
  | 'removed';

export interface StandingWords {
  standing: Standing;
  /** A few words, for the list and the badge beside "Published" or "Draft". */
  label: string;
  /** One or two sentences: who sees it, and what to do next. */
  explanation: string;
  /** Whether visitors see (some version of) this post now. */
  visitorsSeeIt: boolean;
}

const STANDING_TEXT: Record<Exclude<Standing, 'scheduled'>, Omit<StandingWords, 'standing'>> = {
  draft: {
    label: 'Draft: only you can see it',
    explanation:
      'Saved in this browser only. To put it on the website, untick “Save as draft”, save, then press “Publish to website”.',
    visitorsSeeIt: false,
  },
  'draft-on-website': {
    label: "Draft here; visitors still see the website's copy",
    explanation:
      'You made this post a draft in this browser, but the website still shows it. Press “Remove from website” to take it off.',
    visitorsSeeIt: true,
  },
  'not-published': {
    label: 'Not on the website yet',
    explanation:
      'Saved in this browser only; visitors cannot see it. Press “Publish to website” to put it on the website.',
    visitorsSeeIt: false,
  },
  'written-locally': {
    label: 'Written on this computer; visitors do not see this version yet',
    explanation:
      "The post's file is in the website's folder on this computer. Visitors see this version once that change is sent to the website (committed and pushed) and the site is built again; until then they see the earlier version, if there is one.",
    visitorsSeeIt: false,
  },
  sent: {
    label: 'Sent to the website; visitors see this version after the next update',
    explanation: `The website has received the post. Visitors see this version ${whenVisitorsSee()}; until then they see the earlier version, if there is one.`,
    visitorsSeeIt: false,
  },
  'on-website': {
    label: 'On the website',
    explanation: 'Visitors see this post as it is here.',
    visitorsSeeIt: true,
  },
  changed: {
    label: 'On the website; your latest changes are not on it yet',
    explanation:
      'Visitors see the version you published before. Press “Publish to website” to send your latest changes.',
    visitorsSeeIt: true,
  },
  'changed-since-sent': {
    label: 'Changed since you last published it',
    explanation:
      'Your latest changes have not been sent to the website. Press “Publish to website” to send them.',
    visitorsSeeIt: false,
  },
  'removal-pending': {
    label: 'Being taken off the website',
    explanation:
      'You removed this post from the website; visitors see it until the site has been built again. It stays in this browser.',
    visitorsSeeIt: true,
  },
  removed: {
    label: 'Taken off the website',
    explanation:
      'You removed this post from the website; visitors no longer see it. It stays in this browser: press “Publish to website” to put it back.',
    visitorsSeeIt: false,
  },
};

/** True when the site's current build holds `file` with exactly this text (by its SHA-256). */
function builtWith(site: SiteContext | undefined, file: string, sha256: string | undefined): boolean {
  return sha256 !== undefined && site?.builtFiles.get(file) === sha256;
}

/**
 * `site` undefined: the build's list could not be read (yet), so nothing counts as built except the
 * site's own posts, which this browser only knows of through that list.
 */
export function postStanding(post: Post, site: SiteContext | undefined, now: number): StandingWords {
  const sitePost = site?.sitePosts.get(post.id);
  const words = (standing: Exclude<Standing, 'scheduled'>): StandingWords => ({
    standing,
    ...STANDING_TEXT[standing],
  });
  const publication = post.publication;
  if (post.isDraft !== 0) {
    const onWebsite =
      publication?.state === 'published'
        ? publication.committed && builtWith(site, publication.file, publication.sha256)
        : publication?.state === 'removed'
          ? site?.builtFiles.has(publication.file) === true
          : sitePost !== undefined;
    return words(onWebsite ? 'draft-on-website' : 'draft');
  }
  if (publication?.state === 'removed') {
    return words(site?.builtFiles.has(publication.file) ? 'removal-pending' : 'removed');
  }
  if (publication?.state === 'published') {
    const built = publication.committed && builtWith(site, publication.file, publication.sha256);
    if (post.updatedAt.getTime() !== publication.postUpdatedAt) {
      if (built) return words('changed');
      return {
        ...words('changed-since-sent'),
        visitorsSeeIt: site?.builtFiles.has(publication.file) === true,
      };
    }
    const due = scheduledFor(post, now);
    if (due) {
      return {
        standing: 'scheduled',
        label: scheduledText(due),
        explanation:
          'Visitors see it from then, once the site has been built again; until then only you can see it.',
        visitorsSeeIt: false,
      };
    }
    if (built) return words('on-website');
    const pending = words(publication.committed ? 'sent' : 'written-locally');
    // An earlier version is still on the website until the next build.
    return { ...pending, visitorsSeeIt: site?.builtFiles.has(publication.file) === true };
  }
  if (sitePost) return words(sitePost.changed ? 'changed' : 'on-website');
  return words('not-published');
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
  /** file name -> SHA-256 of its text, for every post file of the last build. */
  builtFiles: Map<string, string | undefined>;
}

export const EMPTY_SITE_CONTEXT: SiteContext = {
  sitePosts: new Map(),
  builtSlugs: new Map(),
  builtFiles: new Map(),
};

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
    return { sitePosts: new Map(), builtSlugs: new Map(), builtFiles: new Map() };
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
    builtFiles: new Map(
      manifest.posts.flatMap((post) => (post.source ? [[post.source.file, post.source.sha256]] : [])),
    ),
  };
}
