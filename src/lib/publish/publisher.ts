// "Publish to website" and "Remove from website" (issue 22): one post's Markdown file in content/posts,
// written or deleted through a PublishBackend, never over a change the admin has not seen. Loaded
// only when the admin first publishes (a dynamic import from the admin's islands), with the
// Markdown code it needs.
//
// Nothing is overwritten silently: before writing, the repository's file is read and its SHA-256
// compared with the one this browser last published, or with the one the site was built from (the
// manifest's `source.sha256`); a new post's file must not exist yet. GitHub then checks the same
// again atomically (the write carries the file's sha). decap-server cannot do that second check, so
// locally a change made in the instant between the read and the write would go unnoticed; it is one
// person's own working copy, and `git diff` shows every change.
import { postToMarkdown } from '@/lib/admin/markdown';
import { runDbOperation, type DbOperationOptions, type Post, type Publication } from '@/lib/db';
import {
  isPublishError,
  postPath,
  sha256Hex,
  type CommitResult,
  type PublishBackend,
  type PublishErrorCode,
} from './backend';
import { practiceDateTimeText } from '@/lib/site/dates';
import { namedPictureFiles, planPictures } from './pictures';
import { publishPlan, type SiteContext } from './publish-state';
import { unbuiltFileNaming } from './slug-owners';
import type { SitePost } from '@/lib/admin/site-posts';

export type PublishOutcome =
  | {
      ok: true;
      post: Post;
      file: string;
      commit: CommitResult;
      recorded: boolean;
      /** The picture files written with the post (repository paths), which git must take with it. */
      pictures?: string[] | undefined;
    }
  | { ok: false; error: string; conflict?: boolean; code?: PublishErrorCode };

export interface PublishDeps extends DbOperationOptions {
  backend: PublishBackend;
  site: SiteContext;
  now?: Date;
  /** Publish for this later moment: the file's publishedAt, which schedules the post (issue 30). */
  publishAt?: Date | undefined;
  /** Reads the post's pictures from this site (tests give their own). */
  fetch?: typeof fetch;
}

const UNCHANGED = 'The post in this browser is unchanged.';

async function readPost(id: number, options: DbOperationOptions): Promise<Post | undefined> {
  const result = await runDbOperation('read post to publish', (db) => db.posts.get(id), options);
  return result.ok ? result.value : undefined;
}

/** Keeps the outcome on the post's record; false when the browser could not store it. */
async function recordPublication(
  id: number,
  publication: Publication,
  options: DbOperationOptions,
): Promise<Post | undefined> {
  const result = await runDbOperation(
    'record publication',
    (db) =>
      db.transaction('rw', db.posts, async () => {
        const current = await db.posts.get(id);
        if (!current) return undefined;
        const next: Post = { ...current, publication };
        await db.posts.put(next);
        return next;
      }),
    options,
  );
  return result.ok ? result.value : undefined;
}

/** A publish or removal went through: keeps it on the post's record and says so. */
async function succeeded(
  post: Post,
  file: string,
  commit: CommitResult,
  outcome: Pick<Publication, 'state' | 'sha256' | 'publishAt' | 'publishedAt'>,
  at: Date,
  options: DbOperationOptions,
): Promise<PublishOutcome> {
  const publication: Publication = {
    file,
    ...outcome,
    postUpdatedAt: post.updatedAt.getTime(),
    at,
    committed: commit.committed,
    ...(commit.sha || commit.url ? { commit: { sha: commit.sha, url: commit.url } } : {}),
  };
  const recorded = await recordPublication(post.id, publication, options);
  return {
    ok: true,
    post: recorded ?? { ...post, publication },
    file,
    commit,
    recorded: recorded !== undefined,
  };
}

function changedInRepository(file: string): string {
  return (
    `content/posts/${file} changed in the repository since this browser last published or loaded it ` +
    `(someone edited it in Decap CMS, on GitHub or with git). Nothing was overwritten: both versions are as they were. ` +
    `To keep both, compare them first: download this post as Markdown, and open the file in the repository.`
  );
}

/**
 * The date the website already shows for this post (ms), which publishing an edit keeps; undefined
 * for a first publish, after a removal, or while an earlier publish is still scheduled ahead.
 */
export function dateOnWebsite(post: Post, sitePost: SitePost | undefined, now: number): number | undefined {
  const publication = post.publication;
  const date =
    publication?.state === 'published'
      ? (publication.publishAt ?? publication.publishedAt)
      : publication
        ? undefined
        : sitePost?.publishedAt;
  return date !== undefined && date <= now ? date : undefined;
}

/** Writes the saved post to content/posts and remembers it on the post. Never throws. */
export async function publishToWebsite(postId: number, deps: PublishDeps): Promise<PublishOutcome> {
  const { backend, site, now = new Date(), publishAt, fetch: fetchFn, ...dbOptions } = deps;
  if (publishAt && publishAt.getTime() <= now.getTime()) {
    return {
      ok: false,
      error: `That time has already come. Choose a later date and time, or publish now. ${UNCHANGED}`,
    };
  }
  const post = await readPost(postId, dbOptions);
  if (!post)
    return { ok: false, error: 'This post could not be read from this browser, so nothing was published.' };
  if (post.isDraft !== 0) {
    return {
      ok: false,
      error: 'Drafts are never published. Untick “Save as draft”, save the post, then publish it.',
    };
  }
  const sitePost = site.sitePosts.get(post.id);
  const plan = publishPlan(post, sitePost);
  const file = plan.file;
  const otherFile = site.builtSlugs.get(post.slug);
  if (otherFile && otherFile !== file) {
    return {
      ok: false,
      error: `Another post of the website (content/posts/${otherFile}) already has the address /blog/${post.slug}. Change this post's title so it gets its own address, save it, then publish it. ${UNCHANGED}`,
    };
  }
  const path = postPath(file);
  const builtHere = site.builtSlugs.get(post.slug) === file;
  const publishedAtText = publishAt ? practiceDateTimeText(publishAt) : undefined;
  const keptDate = publishAt ? undefined : dateOnWebsite(post, sitePost, now.getTime());
  // Never ahead without publishAt: a post whose own date lies ahead (imported from a scheduled file, or
  // saved while the computer's clock was ahead) was published "now" and stayed off the website till then.
  const fileDate = publishAt?.getTime() ?? keptDate ?? Math.min(post.publishedAt.getTime(), now.getTime());
  try {
    const unbuilt = builtHere ? undefined : await unbuiltFileNaming(post.slug, file, site, backend);
    if (unbuilt) {
      return {
        ok: false,
        error: `content/posts/${unbuilt} in the repository, a post the website does not show yet (a draft, or one scheduled for later), already names the address /blog/${post.slug}. Change this post's title so it gets its own address, save it, then publish it. ${UNCHANGED}`,
      };
    }
    const current = await backend.readFile(path);
    if (current && !plan.onWebsite) {
      return {
        ok: false,
        conflict: true,
        error: `The repository already has a file content/posts/${file}, which is another post. Nothing was overwritten. Change this post's title so it gets its own address, save it, then publish it.`,
      };
    }
    if (current && (plan.baseline === undefined || (await sha256Hex(current.text)) !== plan.baseline)) {
      return { ok: false, conflict: true, error: changedInRepository(file) };
    }
    // The pictures the repository's copy names are this post's own, which new copies may replace.
    const pictures = await planPictures(
      post,
      sitePost?.source.pictures ?? {},
      backend,
      fetchFn,
      namedPictureFiles(current?.text),
    );
    if (!pictures.ok) return { ok: false, error: pictures.error };
    const text = postToMarkdown(
      { ...post, publishedAt: new Date(fileDate) },
      sitePost,
      pictures.addresses,
      publishedAtText,
    );
    const verb = publishAt ? `Schedule (${publishedAtText})` : current ? 'Update' : 'Publish';
    // The pictures first: the post never names a file the repository does not have yet.
    if (pictures.files.length > 0) {
      await backend.writePictures?.(pictures.files, {
        message: `Add pictures of post ${post.slug} (admin, Publish to website)`,
      });
    }
    const commit = await backend.writeFile(path, text, {
      message: `${verb} post ${post.slug} (admin, Publish to website)`,
      expectedVersion: current?.version,
    });
    const outcome = await succeeded(
      post,
      file,
      commit,
      {
        state: 'published',
        sha256: await sha256Hex(text),
        publishedAt: fileDate,
        ...(publishAt ? { publishAt: publishAt.getTime() } : {}),
      },
      now,
      dbOptions,
    );
    return outcome.ok ? { ...outcome, pictures: pictures.files.map((picture) => picture.path) } : outcome;
  } catch (error) {
    if (isPublishError(error)) {
      return { ok: false, error: error.message, conflict: error.code === 'conflict', code: error.code };
    }
    console.error('[publish] publishing failed:', error);
    return {
      ok: false,
      error: `Publishing failed unexpectedly. ${UNCHANGED} Try again; if it keeps failing, download the post as Markdown.`,
    };
  }
}

/** Deletes the post's file from content/posts in one commit; the post stays in this browser. Never throws. */
export async function removeFromWebsite(postId: number, deps: PublishDeps): Promise<PublishOutcome> {
  const { backend, site, now = new Date(), ...dbOptions } = deps;
  const post = await readPost(postId, dbOptions);
  if (!post)
    return { ok: false, error: 'This post could not be read from this browser, so nothing was removed.' };
  const plan = publishPlan(post, site.sitePosts.get(post.id));
  if (!plan.onWebsite)
    return { ok: false, error: 'This post is not on the website, so there is nothing to remove.' };
  const path = postPath(plan.file);
  try {
    const current = await backend.readFile(path);
    if (current && (plan.baseline === undefined || (await sha256Hex(current.text)) !== plan.baseline)) {
      return { ok: false, conflict: true, error: changedInRepository(plan.file) };
    }
    const commit = current
      ? await backend.deleteFile(path, {
          message: `Remove post ${post.slug} (admin, Remove from website)`,
          expectedVersion: current.version,
        })
      : { committed: false }; // already gone from the repository: only this browser's record changes
    return await succeeded(post, plan.file, commit, { state: 'removed' }, now, dbOptions);
  } catch (error) {
    if (isPublishError(error))
      return { ok: false, error: error.message, conflict: error.code === 'conflict', code: error.code };
    console.error('[publish] removing failed:', error);
    return { ok: false, error: `Removing the post failed unexpectedly. ${UNCHANGED} Try again later.` };
  }
}
