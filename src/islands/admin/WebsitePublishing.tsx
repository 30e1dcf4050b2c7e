/**
 * "Publish to website" around the admin's posts (issue 22): a provider that the list and the post
 * form wrap around their posts, and the panel it shows above them: where posts are published to
 * (or why they cannot be), the GitHub sign-in, what is being done and the outcome of the last
 * action (in the shared FormNotices' live regions, which are always in the page so each is said; the
 * outcome is focused so keyboard users find it) and the confirmation before removing a post.
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Post } from '@/lib/db';
import { FormNotices, type Notice as FormNotice } from '@/islands/shared/form-notices';
import { BUSY_TEXT } from '@/lib/publish/publish-state';
import { signOutOfGitHub } from '@/lib/publish/github-token';
import { ConfirmDialog } from './ConfirmDialog';
import { ScheduleDialog } from './ScheduleDialog';
import { secondaryButton, linkClass } from './ui';
import { usePublishing, type Notice, type Publishing } from './usePublishing';

export const PUBLISH_TEXT = {
  publish: 'Publish to website',
  remove: 'Remove from website',
  signIn: 'Sign in to GitHub',
  signOut: 'Sign out of GitHub',
  removeTitle: 'Remove this post from the website?',
  tryAgain: 'Try again',
  // On localhost the admin first asks decap-server (`npm run cms`), as Decap CMS does.
  localNotAnswering:
    'On this computer, posts go to the project folder through decap-server, which did not answer: start it with “npm run cms” in the project folder, then choose “Try again”.',
  checking: 'Checking where posts are published...',
} as const;

type PublishingContext = Publishing & {
  askRemove: (post: Post) => void;
  askSignIn: (then?: Post) => void;
  askSchedule: (post: Post) => void;
};

const Context = createContext<PublishingContext | null>(null);

export function usePublishingContext(): PublishingContext {
  const value = useContext(Context);
  if (!value) throw new Error('Publishing controls belong inside <WebsitePublishing>.');
  return value;
}

function ConnectionLine({ publishing, onSignIn }: { publishing: Publishing; onSignIn: () => void }) {
  const { connection } = publishing;
  if (!connection) return <p className="text-ink-muted">{PUBLISH_TEXT.checking}</p>;
  if (connection.kind === 'local') {
    return (
      <p>
        Publishing writes to the project folder on this computer (through “npm run cms”)
        {connection.commits
          ? ', as a commit.'
          : '. “git status” lists the changed files; “git add” them, then commit.'}
      </p>
    );
  }
  if (connection.kind === 'github') {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p>
          “{PUBLISH_TEXT.publish}” sends a post to the website, whose files are kept at{' '}
          {connection.backend.description}
          {connection.session.source === 'decap' ? ', with your Decap CMS sign-in.' : '.'}
        </p>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            signOutOfGitHub();
            void publishing.reconnect();
            publishing.setNotice({
              tone: 'status',
              text: 'Signed out of GitHub in this browser (Decap CMS too).',
            });
          }}
        >
          {PUBLISH_TEXT.signOut}
        </button>
      </div>
    );
  }
  if (connection.kind === 'github-signed-out') {
    return (
      <>
        {connection.localTried && (
          <div className="mb-3 flex flex-wrap items-center gap-3">
            <p>{PUBLISH_TEXT.localNotAnswering}</p>
            <button type="button" className={secondaryButton} onClick={() => void publishing.reconnect()}>
              {PUBLISH_TEXT.tryAgain}
            </button>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <p>
            “{PUBLISH_TEXT.publish}” sends a post to the website, whose files are kept on GitHub. Sign in to
            GitHub to publish.
          </p>
          <button type="button" className={secondaryButton} onClick={onSignIn}>
            {PUBLISH_TEXT.signIn}
          </button>
        </div>
      </>
    );
  }
  const name = connection.kind === 'unsupported' ? connection.backendName : 'unknown';
  return (
    <p>
      {connection.kind === 'failed'
        ? 'The publishing tools could not be loaded. Please check your connection and reload the page.'
        : `Publishing to the website needs the GitHub backend, or “npm run cms” on this computer; this site is set up with “${name}”.`}{' '}
      Download a copy of a post (under “More”) and ask the person who looks after the website to add it.
    </p>
  );
}

export interface WebsitePublishingProps {
  posts: readonly Post[] | undefined;
  onChanged?: () => void;
  children: ReactNode;
}

export function WebsitePublishing({ posts, onChanged, children }: WebsitePublishingProps) {
  const publishing = usePublishing(posts, onChanged);
  const [toRemove, setToRemove] = useState<Post | null>(null);
  const [toSchedule, setToSchedule] = useState<Post | null>(null);
  const [signIn, setSignIn] = useState<{ then?: Post } | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const { notice } = publishing;

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  async function signInConfirmed() {
    setSigningIn(true);
    const { connection } = publishing;
    const auth = await import('@/lib/publish/github-auth');
    const result =
      connection?.kind === 'github-signed-out'
        ? await auth.signInWithGitHub(connection.provider)
        : ({ ok: false, error: "GitHub is not this site's backend." } as const);
    setSigningIn(false);
    const then = signIn?.then;
    setSignIn(null);
    if (!result.ok) {
      publishing.setNotice({ tone: 'error', text: result.error });
      return;
    }
    await publishing.reconnect();
    publishing.setNotice({
      tone: 'status',
      text: then
        ? 'Signed in to GitHub. Press “Publish to website” again to publish.'
        : 'Signed in to GitHub.',
    });
  }

  const value: PublishingContext = {
    ...publishing,
    askRemove: setToRemove,
    askSignIn: (then) => setSignIn(then ? { then } : {}),
    askSchedule: setToSchedule,
  };

  return (
    <Context.Provider value={value}>
      <section
        aria-labelledby="website-heading"
        className="mt-6 rounded-xl border border-line bg-surface p-4"
      >
        <h2 id="website-heading" className="text-lg font-bold">
          Website
        </h2>
        <div className="mt-2">
          <ConnectionLine publishing={publishing} onSignIn={() => setSignIn({})} />
        </div>
        <FormNotices
          notice={notice && toFormNotice(notice, publishing)}
          noticeRef={noticeRef}
          idPrefix="website"
          spacing="mt-3"
          progress={progressText(publishing)}
        />
      </section>
      {children}

      <ConfirmDialog
        open={toRemove !== null}
        title={PUBLISH_TEXT.removeTitle}
        confirmLabel={PUBLISH_TEXT.remove}
        busy={toRemove !== null && publishing.busy.has(toRemove.id)}
        onConfirm={() => {
          const post = toRemove;
          setToRemove(null);
          if (post) void publishing.run(post, 'remove');
        }}
        onCancel={() => setToRemove(null)}
      >
        {toRemove && (
          <>
            <p>
              “{toRemove.title}” is taken out of the website's files. Once the site has been built again,
              visitors no longer find it in the blog list, and its address /blog/{toRemove.slug} shows the
              “page not found” page.
            </p>
            <p className="mt-2 text-ink-muted">
              The post stays in this browser; you can publish it again later.
            </p>
          </>
        )}
      </ConfirmDialog>

      <ScheduleDialog
        post={toSchedule}
        busy={toSchedule !== null && publishing.busy.has(toSchedule.id)}
        onSchedule={(post, at) => {
          setToSchedule(null);
          void publishing.run(post, 'publish', { publishAt: at });
        }}
        onCancel={() => setToSchedule(null)}
      />

      <ConfirmDialog
        open={signIn !== null}
        title="Sign in to GitHub to publish"
        confirmLabel={PUBLISH_TEXT.signIn}
        tone="normal"
        busy={signingIn}
        onConfirm={() => void signInConfirmed()}
        onCancel={() => setSignIn(null)}
      >
        {publishing.connection?.kind === 'github-signed-out' && publishing.connection.localTried && (
          <p className="mb-3">{PUBLISH_TEXT.localNotAnswering}</p>
        )}
        <p>
          The website's files are kept on GitHub, so publishing needs your GitHub account. A sign-in window
          opens; the sign-in lasts until you choose “{PUBLISH_TEXT.signOut}”, sign out of the admin, your
          admin session ends, or you close this tab. If the window does not open or is closed, this page says
          so and nothing is published.
        </p>
      </ConfirmDialog>
    </Context.Provider>
  );
}

/** The outcome in the shared notices: a success with its commit link, a failure as it is. */
function toFormNotice(notice: Notice, publishing: Publishing): FormNotice {
  if (notice.tone === 'error') return { tone: 'error', message: notice.text };
  return {
    tone: 'success',
    message: (
      <>
        {notice.text}
        <CommitLink publishing={publishing} postId={notice.postId} />
      </>
    ),
  };
}

/** While a post is being published or removed, what its row shows ('Being published...'), said once. */
function progressText(publishing: Publishing): string | undefined {
  const running = publishing.busy.values().next();
  return running.done ? undefined : BUSY_TEXT[running.value];
}

function CommitLink({ publishing, postId }: { publishing: Publishing; postId: number | undefined }) {
  const url = postId === undefined ? undefined : publishing.outcomes.get(postId)?.commit.url;
  if (!url || !/^https:\/\//.test(url)) return null;
  return (
    <>
      {' '}
      <a href={url} className={linkClass} target="_blank" rel="noopener noreferrer">
        See the change on GitHub<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </>
  );
}
