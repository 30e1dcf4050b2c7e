/**
 * /admin/posts (SPEC 2, Admin post list): every post in this browser, newest first, in a table with
 * Title, Status, Date and Actions; 'New Post'; delete after an accessible confirmation; an empty
 * state; Markdown export (one post or all) and import, all or nothing.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { ImportedPost } from '@/lib/admin/markdown';
import { importPosts, planImport, type ImportPlan } from '@/lib/admin/post-import';
import { NEW_POST_PATH, editPostPath } from '@/lib/admin/routes';
import { postHref } from '@/lib/blog/posts';
import { countText, plural } from '@/lib/text/plural';
import { readSitePosts } from '@/lib/admin/site-posts';
import { markBrowserPosts } from '@/lib/store/browser-posts-flag';
import { formatShortDate, isoDay } from '@/lib/site/dates';
import type { Post } from '@/lib/db';
import { ensureSeeded } from '@/lib/store/seed';
import { postStore } from '@/lib/store/posts';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { AdminBar } from './AdminBar';
import { AuthGate, useAdminSession } from './AuthGate';
import { ConfirmDialog } from './ConfirmDialog';
import { downloadTextFile, downloadTextFiles } from './download';
import { takeFlash } from './flash';
import { linkClass, primaryButton, rowAction, secondaryButton } from './ui';
import { WebsiteActions, WebsiteStatus } from './WebsiteControls';
import { WebsitePublishing } from './WebsitePublishing';

export const POST_LIST_TEXT = {
  newPost: 'New Post',
  deleteQuestion: 'Are you sure you want to delete this post?',
  emptyTitle: 'No posts yet',
  emptyBody: 'Write your first post with New Post, or import Markdown files.',
  loading: 'Loading posts...',
  exportAll: 'Export all as Markdown',
  import: 'Import Markdown files',
  markdownUnavailable:
    'The Markdown tools could not be loaded, so nothing was exported or imported. Please check your connection and try again.',
} as const;

type Message = { tone: 'status' | 'error'; text: string; details?: string[] };

/** One unbroken word: the page lets long words break anywhere, which split 'Published' in a narrow column. */
export function StatusBadge({ isDraft }: { isDraft: boolean }) {
  return isDraft ? (
    <span className="inline-block rounded-full border border-warning-ink whitespace-nowrap bg-warning-surface px-3 py-0.5 text-sm font-bold text-warning-ink">
      Draft
    </span>
  ) : (
    <span className="inline-block rounded-full border border-success whitespace-nowrap bg-success-surface px-3 py-0.5 text-sm font-bold text-success">
      Published
    </span>
  );
}

/**
 * The Markdown code (gray-matter with js-yaml, marked: about 60 KB gzip) loads on the first export or
 * import, not with the list. Undefined (logged) when it cannot be downloaded: offline, say.
 */
async function loadMarkdown() {
  try {
    return await import('@/lib/admin/markdown');
  } catch (error) {
    console.error('[admin] could not load the Markdown code:', error);
    return undefined;
  }
}

async function readFiles(files: FileList): Promise<Array<{ name: string; text: string }>> {
  return Promise.all([...files].map(async (file) => ({ name: file.name, text: await file.text() })));
}

function PostList() {
  const { confirm } = useAdminSession();
  const [posts, setPosts] = useState<Post[] | undefined>(undefined);
  const [message, setMessage] = useState<Message | null>(null);
  const [toDelete, setToDelete] = useState<Post | null>(null);
  const [pendingImport, setPendingImport] = useState<{ posts: ImportedPost[]; plan: ImportPlan } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const focusMessage = useRef(false);

  const load = useCallback(async () => {
    setPosts(await postStore.listAll());
  }, []);

  useEffect(() => {
    const flash = takeFlash();
    // The posts published with the site join this browser's store first (blog issue).
    void ensureSeeded()
      .then(() => postStore.listAll())
      .then((list) => {
        setPosts(list);
        if (flash) setMessage({ tone: 'status', text: flash });
      });
  }, []);

  useEffect(() => {
    if (!focusMessage.current || !message) return;
    focusMessage.current = false;
    messageRef.current?.focus();
  }, [message]);

  const say = (next: Message) => {
    focusMessage.current = true;
    setMessage(next);
  };

  async function deleteConfirmed() {
    if (!toDelete) return;
    setBusy(true);
    const check = await confirm();
    if (!check.ok) {
      setBusy(false);
      setToDelete(null);
      say({ tone: 'error', text: check.message });
      return;
    }
    const result = await postStore.remove(toDelete.id);
    setBusy(false);
    setToDelete(null);
    if (!result.ok) {
      say({ tone: 'error', text: result.error });
      return;
    }
    markBrowserPosts();
    await load();
    say({ tone: 'status', text: `Deleted “${toDelete.title}”.` });
  }

  const sayMarkdownUnavailable = () => say({ tone: 'error', text: POST_LIST_TEXT.markdownUnavailable });

  async function downloadPost(post: Post) {
    const [markdown, sitePosts] = await Promise.all([loadMarkdown(), readSitePosts([post])]);
    if (!markdown) return sayMarkdownUnavailable();
    const site = sitePosts.get(post.id);
    downloadTextFile(markdown.markdownFileName(post, site), markdown.postToMarkdown(post, site));
  }

  /** Posts new or changed in this browser: the repository already holds the site's others. */
  async function exportAll() {
    if (!posts?.length) return;
    const [markdown, sitePosts] = await Promise.all([loadMarkdown(), readSitePosts(posts)]);
    if (!markdown) return sayMarkdownUnavailable();
    const toExport = posts.filter((post) => sitePosts.get(post.id)?.changed !== false);
    const leftOut = posts.length - toExport.length;
    const leftOutText =
      leftOut === 0
        ? ''
        : ` ${countText(leftOut, 'post')} published with the site and not changed here ${plural(leftOut, 'was', 'were')} left out: content/posts already has ${plural(leftOut, 'it', 'them')}.`;
    if (toExport.length === 0) {
      setMessage({ tone: 'status', text: `Nothing to export.${leftOutText}` });
      return;
    }
    await downloadTextFiles(
      toExport.map((post) => {
        const site = sitePosts.get(post.id);
        return { name: markdown.markdownFileName(post, site), text: markdown.postToMarkdown(post, site) };
      }),
    );
    setMessage({
      tone: 'status',
      text: `Downloaded ${toExport.length} Markdown ${plural(toExport.length, 'file')}. Put them in content/posts to publish them with the site (a file with the same name replaces the one there).${leftOutText}`,
    });
  }

  async function filesChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = input.files;
    if (!files || files.length === 0) return;
    setBusy(true);
    try {
      const markdown = await loadMarkdown();
      if (!markdown) return sayMarkdownUnavailable();
      const parsed = markdown.parseMarkdownFiles(await readFiles(files));
      if (!parsed.ok) {
        say({
          tone: 'error',
          text: 'Nothing was imported. Please correct these files and try again:',
          details: parsed.errors,
        });
        return;
      }
      const plan = await planImport(parsed.posts);
      if (!plan) {
        say({
          tone: 'error',
          text: 'The posts could not be read from this browser, so nothing was imported.',
        });
        return;
      }
      if (plan.replaced.length > 0) setPendingImport({ posts: parsed.posts, plan });
      else await runImport(parsed.posts);
    } finally {
      setBusy(false);
      input.value = '';
    }
  }

  async function runImport(imported: ImportedPost[]) {
    setBusy(true);
    const check = await confirm();
    if (!check.ok) {
      setBusy(false);
      setPendingImport(null);
      say({ tone: 'error', text: check.message });
      return;
    }
    const result = await importPosts(imported);
    setBusy(false);
    setPendingImport(null);
    if (!result.ok) {
      say({ tone: 'error', text: result.error });
      return;
    }
    markBrowserPosts();
    await load();
    const parts = [`${result.added} added`, `${result.replaced} replaced`].filter(
      (part) => !part.startsWith('0 '),
    );
    say({
      tone: 'status',
      text: `Imported ${countText(imported.length, 'post')} (${parts.join(', ')}).`,
    });
  }

  return (
    <>
      <AdminBar />
      <div className="flex flex-wrap items-center gap-3">
        <a href={NEW_POST_PATH} className={primaryButton}>
          {POST_LIST_TEXT.newPost}
        </a>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => void exportAll()}
          disabled={!posts?.length || busy}
        >
          {POST_LIST_TEXT.exportAll}
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => fileInputRef.current?.click()}
          disabled={busy}
          aria-describedby="import-hint"
        >
          {POST_LIST_TEXT.import}
        </button>
        <input
          ref={fileInputRef}
          id="import-files"
          type="file"
          accept=".md,.markdown,text/markdown"
          multiple
          hidden
          tabIndex={-1}
          aria-label={POST_LIST_TEXT.import}
          onChange={(event) => void filesChosen(event)}
        />
      </div>
      <p id="import-hint" className="mt-2 text-sm text-ink-muted">
        Export writes one .md file per post in the format of content/posts; your browser may ask once to allow
        several downloads. Import reads such files back: a file with the same address as a post here replaces
        it, after you confirm.
      </p>

      <div className="mt-4" role="status" aria-live="polite" aria-atomic="true">
        {message?.tone === 'status' && (
          <div
            ref={messageRef}
            tabIndex={-1}
            className="rounded-lg border-2 border-success bg-success-surface p-4 font-semibold text-success"
          >
            {message.text}
          </div>
        )}
      </div>
      <div role="alert" aria-atomic="true">
        {message?.tone === 'error' && (
          <div
            ref={messageRef}
            tabIndex={-1}
            className="rounded-lg border-2 border-danger bg-danger-surface p-4 font-semibold text-danger"
          >
            <p>{message.text}</p>
            {message.details && (
              <ul className="mt-2 list-disc pl-6 font-normal">
                {message.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>

      {posts === undefined ? (
        <p role="status" className="mt-6 text-lg text-ink-muted">
          {POST_LIST_TEXT.loading}
        </p>
      ) : posts.length === 0 ? (
        <div className="mt-6 rounded-xl border-2 border-dashed border-line bg-surface p-8 text-center">
          <h2 className="text-xl font-bold">{POST_LIST_TEXT.emptyTitle}</h2>
          <p className="mt-2 text-ink-muted">{POST_LIST_TEXT.emptyBody}</p>
        </div>
      ) : (
        <WebsitePublishing posts={posts} onChanged={() => void load()}>
          <PostTable posts={posts} onDelete={setToDelete} onDownload={(post) => void downloadPost(post)} />
        </WebsitePublishing>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this post?"
        confirmLabel="Delete post"
        busy={busy}
        onConfirm={() => void deleteConfirmed()}
        onCancel={() => setToDelete(null)}
      >
        <p>{POST_LIST_TEXT.deleteQuestion}</p>
        {toDelete && (
          <p className="mt-2 text-ink-muted">
            “{toDelete.title}” will be removed from this browser. Download it as Markdown first if you may
            want it back.
          </p>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        open={pendingImport !== null}
        title="Replace existing posts?"
        confirmLabel="Import and replace"
        busy={busy}
        onConfirm={() => pendingImport && void runImport(pendingImport.posts)}
        onCancel={() => {
          setPendingImport(null);
          say({ tone: 'status', text: 'Import cancelled; nothing was changed.' });
        }}
      >
        <p>These files have the same address as posts in this browser, which they would replace:</p>
        <ul className="mt-2 list-disc pl-6">
          {pendingImport?.plan.replaced.map(({ post, existingTitle }) => (
            <li key={post.slug}>
              {post.fileName} replaces “{existingTitle}”
            </li>
          ))}
        </ul>
        {pendingImport && pendingImport.plan.added.length > 0 && (
          <p className="mt-2">
            {pendingImport.plan.added.length} other{' '}
            {plural(pendingImport.plan.added.length, 'file is', 'files are')} added as new{' '}
            {plural(pendingImport.plan.added.length, 'post')}.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

interface PostTableProps {
  posts: Post[];
  onDelete: (post: Post) => void;
  onDownload: (post: Post) => void;
}

function PostTable({ posts, onDelete, onDownload }: PostTableProps) {
  return (
    // Scrolls sideways on a narrow screen (its links and buttons take keyboard users along).
    <div
      className="mt-6 overflow-x-auto rounded-xl border border-line"
      role="region"
      aria-labelledby="posts-caption"
    >
      <table className="w-full min-w-[40rem] border-collapse text-left">
        <caption id="posts-caption" className="sr-only">
          All posts in this browser, newest first
        </caption>
        <thead className="bg-surface">
          <tr>
            <th scope="col" className="px-4 py-3 font-bold">
              Title
            </th>
            <th scope="col" className="px-4 py-3 font-bold">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-bold">
              Date
            </th>
            <th scope="col" className="px-4 py-3 font-bold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {posts.map((post) => (
            <tr key={post.id} className="border-t border-line align-top">
              <th scope="row" className="px-4 py-3 font-semibold">
                {post.title}
              </th>
              <td className="px-4 py-3">
                <StatusBadge isDraft={post.isDraft !== 0} />
                <WebsiteStatus post={post} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={isoDay(post.publishedAt)}>{formatShortDate(post.publishedAt)}</time>
              </td>
              <td className="px-2 py-1">
                <div className="flex flex-wrap gap-1">
                  <a href={editPostPath(post.id)} className={`${rowAction} ${linkClass}`}>
                    Edit<span className="sr-only"> {post.title}</span>
                  </a>
                  {post.isDraft === 0 && (
                    <a href={postHref(post.slug)} className={`${rowAction} ${linkClass}`}>
                      View<span className="sr-only"> {post.title}</span>
                    </a>
                  )}
                  <button
                    type="button"
                    className={`${rowAction} text-brand`}
                    onClick={() => onDownload(post)}
                  >
                    Download<span className="sr-only"> {post.title} as Markdown</span>
                  </button>
                  <WebsiteActions post={post} />
                  <button type="button" className={`${rowAction} text-danger`} onClick={() => onDelete(post)}>
                    Delete<span className="sr-only"> {post.title}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AdminPostList() {
  return (
    <AuthGate>
      <PostList />
    </AuthGate>
  );
}

export default withErrorBoundary(AdminPostList);
