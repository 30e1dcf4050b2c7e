// The state behind "Publish to website" (issue 22) for the admin's list and post form: which backend
// this browser publishes through, what the site's build holds, which post is being published, and
// the last outcome of each. The publishing code itself (backends, Markdown) loads on first use.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Post } from '@/lib/db';
import { formatPublishMoment } from '@/lib/site/dates';
import { practice, zoneTimeName } from '@/lib/site/settings';
import {
  EMPTY_SITE_CONTEXT,
  loadSiteContext,
  whenVisitorsSee,
  type SiteContext,
} from '@/lib/publish/publish-state';
import type { Connection } from '@/lib/publish/connection';
import type { PublishOutcome } from '@/lib/publish/publisher';
import {
  forgetGitHubWhenSignedOutElsewhere,
  readGitHubSession,
  signOutOfGitHub,
} from '@/lib/publish/github-token';
import { useAdminSession } from './AuthGate';

export type Busy = 'publishing' | 'removing';
export type Notice = { tone: 'status' | 'error'; text: string; postId?: number };
export type LastOutcome = Extract<PublishOutcome, { ok: true }> & { action: 'publish' | 'remove' };

/** undefined while it is being found out. */
export type ConnectionState = Connection | { kind: 'failed' } | undefined;

const loadPublisher = () => import('@/lib/publish/publisher');

async function findConnection(): Promise<NonNullable<ConnectionState>> {
  try {
    // Only the connection code: the publisher (with the Markdown code) loads on the first publish.
    return await (await import('@/lib/publish/connection')).connect();
  } catch (error) {
    console.error('[publish] could not load the publishing code:', error);
    return { kind: 'failed' };
  }
}

export const GITHUB_SIGNED_OUT =
  'You were signed out of GitHub in this browser, so nothing was published. Please sign in to GitHub again to publish.';

const CODE_MISSING =
  'The publishing tools could not be loaded, so nothing was published. Please check your connection and try again.';

export function usePublishing(posts: readonly Post[] | undefined, onChanged?: () => void) {
  const { confirm } = useAdminSession();
  const [connection, setConnection] = useState<ConnectionState>(undefined);
  const [site, setSite] = useState<SiteContext | undefined>(undefined);
  const [busy, setBusy] = useState<Map<number, Busy>>(new Map());
  const [outcomes, setOutcomes] = useState<Map<number, LastOutcome>>(new Map());
  const [notice, setNotice] = useState<Notice | null>(null);

  const reconnect = useCallback(
    () =>
      findConnection().then((found) => {
        setConnection(found);
      }),
    [],
  );

  useEffect(() => {
    let cancelled = false;
    void findConnection().then((found) => {
      if (!cancelled) setConnection(found);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // Signed out in another tab: this tab's GitHub sign-in is forgotten, and the panel offers it again.
  useEffect(() => forgetGitHubWhenSignedOutElsewhere(() => void reconnect()), [reconnect]);

  // What the build holds, read again whenever the admin comes back to the page (another tab, another
  // window, a page kept by the browser): the host may have built the site meanwhile, and a post sent
  // to the website is "On the website" once the build's manifest has its file. The latest read wins.
  const postsRef = useRef(posts);
  const reads = useRef(0);
  const readSite = useCallback(() => {
    const list = postsRef.current;
    if (!list) return;
    const read = ++reads.current;
    void loadSiteContext(list).then((context) => {
      if (read === reads.current) setSite(context);
    });
  }, []);
  useEffect(() => {
    postsRef.current = posts;
  });

  const postCount = posts?.length;
  useEffect(() => {
    readSite();
    // The site's posts change only with the list of posts.
  }, [postCount, readSite]);

  useEffect(() => {
    const again = () => {
      if (document.visibilityState === 'visible') readSite();
    };
    window.addEventListener('focus', again);
    window.addEventListener('pageshow', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('focus', again);
      window.removeEventListener('pageshow', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [readSite]);

  /** The post with its latest publication (before the list reloads it). */
  const current = useCallback(
    (post: Post): Post => {
      const outcome = outcomes.get(post.id);
      return outcome && outcome.post.updatedAt.getTime() === post.updatedAt.getTime()
        ? { ...post, publication: outcome.post.publication }
        : post;
    },
    [outcomes],
  );

  const run = useCallback(
    async (post: Post, action: 'publish' | 'remove', options: { publishAt?: Date } = {}) => {
      if (!connection || (connection.kind !== 'local' && connection.kind !== 'github')) return;
      // The last outcome's message goes with the press: kept through the session check, the same
      // words ("… changed in the repository") read as the answer to this press before it had one.
      setNotice(null);
      const check = await confirm();
      if (!check.ok) {
        setNotice({ tone: 'error', text: check.message, postId: post.id });
        return;
      }
      if (connection.kind === 'github' && readGitHubSession()?.token !== connection.session.token) {
        // Forgotten since the panel connected (signed out in another tab): never published with.
        void reconnect();
        setNotice({ tone: 'error', text: GITHUB_SIGNED_OUT, postId: post.id });
        return;
      }
      setBusy((map) => new Map(map).set(post.id, action === 'publish' ? 'publishing' : 'removing'));
      let outcome: PublishOutcome;
      try {
        const code = await loadPublisher();
        const deps = {
          backend: connection.backend,
          site: site ?? EMPTY_SITE_CONTEXT,
          publishAt: options.publishAt,
        };
        outcome =
          action === 'publish'
            ? await code.publishToWebsite(post.id, deps)
            : await code.removeFromWebsite(post.id, deps);
      } catch (error) {
        console.error('[publish] could not load the publishing code:', error);
        outcome = { ok: false, error: CODE_MISSING };
      }
      setBusy((map) => {
        const next = new Map(map);
        next.delete(post.id);
        return next;
      });
      if (!outcome.ok) {
        if (connection.kind === 'github' && outcome.code === 'auth') {
          // A revoked or expired token: forget it, so the panel offers to sign in again.
          signOutOfGitHub();
          void reconnect();
        }
        setNotice({ tone: 'error', text: outcome.error, postId: post.id });
        return;
      }
      setOutcomes((map) => new Map(map).set(post.id, { ...outcome, action }));
      setNotice({ tone: 'status', text: outcomeText({ ...outcome, action }, post.title), postId: post.id });
      onChanged?.();
    },
    [connection, confirm, site, onChanged, reconnect],
  );

  return useMemo(
    () => ({ connection, site, busy, outcomes, notice, setNotice, current, run, reconnect }),
    [connection, site, busy, outcomes, notice, current, run, reconnect],
  );
}

export type Publishing = ReturnType<typeof usePublishing>;

/** What happened, and when visitors see it, in one sentence or two. */
export function outcomeText(outcome: LastOutcome, title: string): string {
  const where = `content/posts/${outcome.file}`;
  const publishAt = outcome.action === 'publish' ? outcome.post?.publication?.publishAt : undefined;
  const live =
    publishAt !== undefined
      ? `It goes on the website ${formatPublishMoment(new Date(publishAt))} (${zoneTimeName(practice.timeZone)}), with the site's first build from then; until then visitors do not see it.`
      : outcome.action === 'publish'
        ? `Visitors see it ${whenVisitorsSee()}.`
        : 'Visitors stop seeing it once the site has been built again; it stays in this browser.';
  // The post's pictures go with it: a commit of the post alone names files the next build cannot find.
  const files = [where, ...(outcome.pictures ?? [])];
  const written = files.length > 1 ? `${where} and its pictures` : where;
  const body = outcome.commit.committed
    ? `${outcome.action === 'publish' ? `Published “${title}”: the website has it` : `Removed “${title}” from the website's files`}. ${live}`
    : // `git diff` shows nothing for a new file: `git status` lists it, `git add` stages it (or its deletion).
      `${outcome.action === 'publish' ? 'Wrote' : 'Deleted'} ${written} in the project folder for “${title}”. In that folder, “git status” lists ${files.length > 1 ? 'them' : 'it'}; “git add ${files.join(' ')}”, then commit and push ${files.length > 1 ? 'them' : 'it'}: ${live.charAt(0).toLowerCase()}${live.slice(1)}`;
  return outcome.recorded
    ? body
    : `${body} This browser could not remember it, so the next publish of this post will be refused as a change made elsewhere.`;
}
