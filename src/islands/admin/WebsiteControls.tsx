/**
 * Per post, inside <WebsitePublishing>: where the post stands with the website (only in this browser;
 * on the website; on the website but changed here since; being published) with its last commit, and
 * the "Publish to website" and "Remove from website" buttons. Drafts never get the publish button.
 */
import { useEffect, useState } from 'react';
import { formatDeviceDateTime, scheduledText } from '@/lib/site/dates';
import type { Post } from '@/lib/db';
import { WEBSITE_STATE_TEXT, scheduledFor, websiteActions, websiteState } from '@/lib/publish/publish-state';
import { rowAction, linkClass } from './ui';
import { PUBLISH_TEXT, usePublishingContext } from './WebsitePublishing';
import { SCHEDULE_TEXT } from './ScheduleDialog';

/** setTimeout's longest wait; a later moment is reached in parts. */
const LONGEST_TIMER = 2 ** 31 - 1;

/** The moment a post is scheduled for while it is ahead; re-renders when it comes. */
function useScheduledFor(post: Post): Date | undefined {
  const [now, setNow] = useState(() => Date.now());
  const due = scheduledFor(post, now);
  const dueAt = due?.getTime();
  useEffect(() => {
    if (dueAt === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(dueAt - Date.now() + 50, LONGEST_TIMER));
    return () => clearTimeout(timer);
  }, [dueAt, now]);
  return due;
}

const stateStyle = {
  'browser-only': 'border-line text-ink-muted',
  'on-website': 'border-success text-success',
  changed: 'border-warning-ink text-warning-ink',
  busy: 'border-brand text-brand',
} as const;

export function WebsiteStatus({ post: listed }: { post: Post }) {
  const { current, site, busy } = usePublishingContext();
  const post = current(listed);
  const running = busy.get(post.id);
  const state = websiteState(post, site?.sitePosts.get(post.id));
  const due = useScheduledFor(post);
  const text = running ? WEBSITE_STATE_TEXT[running] : due ? scheduledText(due) : WEBSITE_STATE_TEXT[state];
  const publication = post.publication;
  const commit = publication?.commit;
  return (
    <div className="mt-1 text-sm" aria-busy={running ? true : undefined}>
      <span
        className={`inline-block rounded-md border px-2 py-0.5 font-semibold ${stateStyle[running ? 'busy' : due ? 'browser-only' : state]}`}
      >
        {text}
      </span>
      {publication && !running && (
        <span className="block text-ink-muted">
          {publication.state === 'published' ? 'Published' : 'Removed'} {formatDeviceDateTime(publication.at)}
          {commit?.sha && (
            <>
              {', commit '}
              {commit.url && /^https:\/\//.test(commit.url) ? (
                <a href={commit.url} className={linkClass} target="_blank" rel="noopener noreferrer">
                  {commit.sha.slice(0, 7)}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                commit.sha.slice(0, 7)
              )}
            </>
          )}
          {!publication.committed && ' (in the project folder, to commit)'}
        </span>
      )}
    </div>
  );
}

export function WebsiteActions({ post: listed }: { post: Post }) {
  const { current, site, busy, connection, run, askRemove, askSignIn, askSchedule } = usePublishingContext();
  const post = current(listed);
  const state = websiteState(post, site?.sitePosts.get(post.id));
  const actions = websiteActions(post, state);
  const usable =
    connection?.kind === 'local' || connection?.kind === 'github' || connection?.kind === 'github-signed-out';
  if (!usable || !site) return null;
  const running = busy.has(post.id);
  const publish = () =>
    connection.kind === 'github-signed-out' ? askSignIn(post) : void run(post, 'publish');
  const remove = () => (connection.kind === 'github-signed-out' ? askSignIn() : askRemove(post));
  const schedule = () => (connection.kind === 'github-signed-out' ? askSignIn(post) : askSchedule(post));
  return (
    <>
      {actions.publish && (
        <button type="button" className={`${rowAction} text-brand`} onClick={publish} disabled={running}>
          {PUBLISH_TEXT.publish}
          <span className="sr-only"> {post.title}</span>
        </button>
      )}
      {actions.publish && (
        <button type="button" className={`${rowAction} text-brand`} onClick={schedule} disabled={running}>
          {SCHEDULE_TEXT.open}
          <span className="sr-only"> {post.title}</span>
        </button>
      )}
      {actions.remove && (
        <button type="button" className={`${rowAction} text-danger`} onClick={remove} disabled={running}>
          {PUBLISH_TEXT.remove}
          <span className="sr-only"> {post.title}</span>
        </button>
      )}
    </>
  );
}

/** The post form's "Website" part: the saved post's standing and its buttons. */
export function PostWebsiteControls({ post }: { post: Post }) {
  return (
    <div className="mt-3">
      <WebsiteStatus post={post} />
      {post.isDraft !== 0 && (
        <p className="mt-2 text-sm text-ink-muted">
          Drafts are never published. Untick “Save as draft” and save to publish.
        </p>
      )}
      <p className="mt-2 text-sm text-ink-muted">
        Publishing sends the saved version of this post; save your changes first.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <WebsiteActions post={post} />
      </div>
    </div>
  );
}
