/**
 * /admin/posts (SPEC 2, Admin post list): every post in this browser, newest first, in a table with
 * Title, Status, Date and Actions; 'New Post'; delete after an accessible confirmation; an empty
 * state; backup copies (one post or all, as Markdown files) and bringing them back, all or nothing
 * (useMarkdownTransfer), in an area of their own below the posts.
 */
import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
import { NEW_POST_PATH } from '@/lib/admin/routes';
import { removeUnsavedCopy } from '@/lib/admin/unsaved-copy';
import { browserStorage } from '@/lib/auth/storage';
import { PICTURE_FILE_ACCEPT } from '@/lib/admin/picture-file';
import { markBrowserPosts } from '@/lib/store/browser-posts-flag';
import type { Post } from '@/lib/db';
import { ensureSeeded } from '@/lib/store/seed';
import { postStore } from '@/lib/store/posts';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { FormNotices, type Notice } from '@/islands/shared/form-notices';
import { AdminBar } from './AdminBar';
import { AuthGate, useAdminSession } from './AuthGate';
import { DELETE_QUESTION, DeletePostDialog } from './DeletePostDialog';
import { takeFlash } from './flash';
import { ImportReplaceDialog } from './ImportReplaceDialog';
import { PostTable } from './PostTable';
import { primaryButton, secondaryButton } from './ui';
import { useListMessage, type ListMessage } from './useListMessage';
import { MARKDOWN_UNAVAILABLE, useMarkdownTransfer } from './useMarkdownTransfer';
import { WebsitePublishing } from './WebsitePublishing';
import { useOnWebsite } from './WebsiteControls';

export const POST_LIST_TEXT = {
  newPost: 'New Post',
  deleteQuestion: DELETE_QUESTION,
  emptyTitle: 'No posts yet',
  emptyBody: 'Write your first post with New Post, or bring posts back from a backup (below).',
  loading: 'Loading posts...',
  backupHeading: 'Backup copies',
  exportAll: 'Download a backup of all posts',
  import: 'Bring back posts from a backup',
  markdownUnavailable: MARKDOWN_UNAVAILABLE,
} as const;

/** The message in the shared notices: an error says its text, then the list of what went wrong. */
function toNotice(message: ListMessage | null): Notice | null {
  if (!message) return null;
  if (message.tone === 'status') return { tone: 'success', message: message.text };
  return {
    tone: 'error',
    message: (
      <>
        <p>{message.text}</p>
        {message.details && (
          <ul className="mt-2 list-disc pl-6 font-normal">
            {message.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        )}
      </>
    ),
  };
}

/** The delete question, told whether the post is on the website (inside <WebsitePublishing>). */
function DeleteQuestion(props: Omit<ComponentProps<typeof DeletePostDialog>, 'onWebsite'>) {
  return <DeletePostDialog {...props} onWebsite={useOnWebsite(props.post)} />;
}

function PostList() {
  const { confirm } = useAdminSession();
  const [posts, setPosts] = useState<Post[] | undefined>(undefined);
  const [toDelete, setToDelete] = useState<Post | null>(null);
  const [busy, setBusy] = useState(false);
  const { message, messageRef, say, show } = useListMessage();
  const fileInputRef = useRef<HTMLInputElement>(null);

  const reload = useCallback(async () => {
    setPosts(await postStore.listAll());
  }, []);
  const transfer = useMarkdownTransfer({ posts, say, show, reload, setBusy });

  useEffect(() => {
    const flash = takeFlash();
    // The posts published with the site join this browser's store first (blog issue).
    void ensureSeeded()
      .then(() => postStore.listAll())
      .then((list) => {
        setPosts(list);
        if (flash) show({ tone: 'status', text: flash });
      });
  }, [show]);

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
    if (!result.ok) {
      setBusy(false);
      setToDelete(null);
      say({ tone: 'error', text: result.error });
      return;
    }
    // Its unsaved changes too: "Delete removes the post from this browser", and no form would offer
    // them back any more.
    removeUnsavedCopy(browserStorage(), toDelete.id);
    markBrowserPosts();
    await reload();
    // Closed in the same render that drops the row and shows the outcome: the dialog cannot hand
    // focus back to the deleted post's Delete button, which a screen reader would say first.
    setBusy(false);
    setToDelete(null);
    say({ tone: 'status', text: `Deleted “${toDelete.title}”.` });
  }

  return (
    <>
      <AdminBar />
      <div className="flex flex-wrap items-center gap-3">
        <a href={NEW_POST_PATH} className={primaryButton}>
          {POST_LIST_TEXT.newPost}
        </a>
      </div>

      <FormNotices notice={toNotice(message)} noticeRef={messageRef} idPrefix="post-list" />

      {posts === undefined || posts.length === 0 ? (
        // One status region for "Loading posts..." and then "No posts yet": a region whose text
        // changes is said, one that arrives with its text is not (as on the edit page).
        <div role="status" className="mt-6">
          {posts === undefined ? (
            <p className="text-lg text-ink-muted">{POST_LIST_TEXT.loading}</p>
          ) : (
            <div className="rounded-xl border-2 border-dashed border-line bg-surface p-8 text-center">
              <h2 className="text-xl font-bold">{POST_LIST_TEXT.emptyTitle}</h2>
              <p className="mt-2 text-ink-muted">{POST_LIST_TEXT.emptyBody}</p>
            </div>
          )}
        </div>
      ) : (
        <WebsitePublishing
          posts={posts}
          onChanged={() => {
            // The message of an earlier save ("Not on the website yet…") is out of date now.
            show(null);
            void reload();
          }}
        >
          <PostTable
            posts={posts}
            onDelete={setToDelete}
            onDownload={(post) => void transfer.downloadPost(post)}
          />
          <DeleteQuestion
            post={toDelete}
            busy={busy}
            onConfirm={() => void deleteConfirmed()}
            onCancel={() => setToDelete(null)}
          />
        </WebsitePublishing>
      )}
      {/* Backup apart from the everyday work: a copy of the posts kept on this computer (issue 35). */}
      <section aria-labelledby="backup-heading" className="mt-10 rounded-xl border border-line p-4">
        <h2 id="backup-heading" className="text-lg font-bold">
          {POST_LIST_TEXT.backupHeading}
        </h2>
        <p id="import-hint" className="mt-2 text-ink-muted">
          Your posts are kept in this browser. Download a backup now and then: one file per post, and one for
          each picture you added from this computer, saved on this computer (your browser may ask once to
          allow several downloads). To bring posts back, choose their files and their pictures together: they
          are added here, and a file for a post that is already here replaces it, after you confirm.
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void transfer.exportAll()}
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
            accept={`.md,.markdown,text/markdown,${PICTURE_FILE_ACCEPT}`}
            multiple
            hidden
            tabIndex={-1}
            aria-label={POST_LIST_TEXT.import}
            onChange={(event) => void transfer.filesChosen(event)}
          />
        </div>
      </section>
      <ImportReplaceDialog
        pending={transfer.pendingImport}
        busy={busy}
        onConfirm={transfer.confirmImport}
        onCancel={transfer.cancelImport}
      />
    </>
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
