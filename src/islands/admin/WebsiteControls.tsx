/**
 * Per post, inside <WebsitePublishing>: where the post stands, in the plain words of `postStanding`
 * (publish-state.ts), with when it was last sent to the website, and the "Publish to website" and
 * "Remove from website" buttons. Drafts never get the publish button.
 */
import { useEffect, useState } from 'react';
import { formatDeviceDateTime } from '@/lib/site/dates';
import type { Post } from '@/lib/db';
import {
  BUSY_TEXT,
  postStanding,
  scheduledFor,
  websiteActions,
  websiteState,
  type Standing,
} from '@/lib/publish/publish-state';
import { rowAction, linkClass } from './ui';
import { PUBLISH_TEXT, usePublishingContext } from './WebsitePublishing';
import { SCHEDULE_TEXT } from './ScheduleDialog';

/** setTimeout's longest wait; a later moment is reached in parts. */
const LONGEST_TIMER = 2 ** 31 - 1;

/** The clock, moved on when a scheduled post's moment comes. */
function useNowPast(post: Post): number {
  const [now, setNow] = useState(() => Date.now());
  const dueAt = scheduledFor(post, now)?.getTime();
  useEffect(() => {
    if (dueAt === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(dueAt - Date.now() + 50, LONGEST_TIMER));
    return () => clearTimeout(timer);
  }, [dueAt, now]);
  return now;
}

const standingStyle: Record<Standing | 'busy', string> = {
  draft: 'border-line text-ink-muted',
  'draft-on-website': 'border-warning-ink text-warning-ink',
  'not-published': 'border-line text-ink-muted',
  scheduled: 'border-line text-ink-muted',
  'written-locally': 'border-line text-ink-muted',
  sent: 'border-brand text-brand',
  'on-website': 'border-success text-success',
  changed: 'border-warning-ink text-warning-ink',
  'changed-since-sent': 'border-warning-ink text-warning-ink',
  'removal-pending': 'border-warning-ink text-warning-ink',
  removed: 'border-line text-ink-muted',
  busy: 'border-brand text-brand',
};

/** `explain`: the sentence under the label (the post's form); the list shows the label only. */
export function WebsiteStatus({ post: listed, explain = false }: { post: Post; explain?: boolean }) {
  const { current, site, busy } = usePublishingContext();
  const post = current(listed);
  const running = busy.get(post.id);
  const now = useNowPast(post);
  const words = postStanding(post, site, now);
  const publication = post.publication;
  const url = publication?.commit?.url;
  return (
    <div className="mt-1 text-sm" aria-busy={running ? true : undefined}>
      <span
        className={`inline-block rounded-md border px-2 py-0.5 font-semibold ${standingStyle[running ? 'busy' : words.standing]}`}
      >
        {running ? BUSY_TEXT[running] : words.label}
      </span>
      {explain && !running && <p className="mt-1 text-ink">{words.explanation}</p>}
      {publication && !running && (
        <span className="block text-ink-muted">
          {publication.state === 'removed'
            ? 'Removed from the website'
            : publication.committed
              ? 'Last sent to the website'
              : 'Last written on this computer'}{' '}
          {formatDeviceDateTime(publication.at)}
          {url && /^https:\/\//.test(url) && (
            <>
              {' ('}
              <a href={url} className={linkClass} target="_blank" rel="noopener noreferrer">
                the change
                <span className="sr-only"> for {post.title} (opens in a new tab)</span>
              </a>
              {')'}
            </>
          )}
        </span>
      )}
    </div>
  );
}

/** The post's website buttons it may have now, or null where this site cannot publish from here. */
function useWebsiteActions(listed: Post) {
  const { current, site, busy, connection, run, askRemove, askSignIn, askSchedule } = usePublishingContext();
  const post = current(listed);
  const usable =
    connection?.kind === 'local' || connection?.kind === 'github' || connection?.kind === 'github-signed-out';
  if (!usable || !site) return null;
  const actions = websiteActions(post, websiteState(post, site.sitePosts.get(post.id)));
  const signedOut = connection.kind === 'github-signed-out';
  return {
    post,
    running: busy.has(post.id),
    publish: actions.publish ? () => (signedOut ? askSignIn(post) : void run(post, 'publish')) : undefined,
    schedule: actions.publish ? () => (signedOut ? askSignIn(post) : askSchedule(post)) : undefined,
    remove: actions.remove ? () => (signedOut ? askSignIn() : askRemove(post)) : undefined,
  };
}

type WebsiteAction = 'publish' | 'schedule' | 'remove';

const ACTION_LABEL: Record<WebsiteAction, string> = {
  publish: PUBLISH_TEXT.publish,
  schedule: SCHEDULE_TEXT.open,
  remove: PUBLISH_TEXT.remove,
};

/** The named website buttons of this post that apply now (none where publishing is not set up). */
export function WebsiteActions({ post: listed, only }: { post: Post; only: readonly WebsiteAction[] }) {
  const actions = useWebsiteActions(listed);
  if (!actions) return null;
  return (
    <>
      {only.map((action) => {
        const onClick = actions[action];
        if (!onClick) return null;
        return (
          <button
            key={action}
            type="button"
            className={`${rowAction} ${action === 'remove' ? 'text-danger' : 'text-brand'}`}
            onClick={onClick}
            disabled={actions.running}
          >
            {ACTION_LABEL[action]}
            <span className="sr-only"> {actions.post.title}</span>
          </button>
        );
      })}
    </>
  );
}

/** The post form's "Website" part: the saved post's standing, explained, and its buttons. */
export function PostWebsiteControls({ post }: { post: Post }) {
  return (
    <div className="mt-3">
      <WebsiteStatus post={post} explain />
      <p className="mt-2 text-sm text-ink-muted">
        Publishing sends the saved version of this post; save your changes first.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <WebsiteActions post={post} only={['publish', 'schedule']} />
      </div>
      <div className="mt-2 flex flex-wrap gap-2 border-t border-line pt-2">
        <WebsiteActions post={post} only={['remove']} />
      </div>
    </div>
  );
}

/** Whether deleting this post here would leave a copy on the website (its file is in the website's files). */
export function useOnWebsite(post: Post | null): boolean {
  const { current, site } = usePublishingContext();
  if (!post) return false;
  const latest = current(post);
  return websiteState(latest, site?.sitePosts.get(latest.id)) !== 'browser-only';
}
