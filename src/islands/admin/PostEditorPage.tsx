/**
 * /admin/posts/new and /admin/posts/{id}/edit (SPEC 2): the post form behind the auth check. The
 * edit page is one static page for every id (public/_redirects); the id comes from the address,
 * and an id with no post in this browser gets a clear message and a way back.
 */
import { useEffect, useState } from 'react';
import { EMPTY_POST_FORM, formValuesFromPost } from '@/lib/admin/post-form';
import { ADMIN_POSTS_PATH, postIdFromPath } from '@/lib/admin/routes';
import type { Post } from '@/lib/db';
import { ensureSeeded } from '@/lib/store/seed';
import { postStore } from '@/lib/store/posts';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { AdminBar } from './AdminBar';
import { AuthGate, LOADING_TEXT } from './AuthGate';
import { PostForm, type PostFormProps } from './PostForm';
import { linkClass } from './ui';
import { PostWebsiteControls } from './WebsiteControls';
import { WebsitePublishing } from './WebsitePublishing';

export interface PostEditorPageProps {
  mode: 'new' | 'edit';
  /** For tests: how the link button asks for an address. */
  askForUrl?: PostFormProps['askForUrl'];
}

type EditState = { status: 'loading' } | { status: 'found'; post: Post } | { status: 'missing'; id?: number };

/** The edit page's form, once the post of the address is found (exported for tests). */
export function EditPost({ askForUrl }: Pick<PostEditorPageProps, 'askForUrl'>) {
  // Rendered in the browser only (behind the auth check), so the address is there to read.
  const [id] = useState(() => postIdFromPath(window.location.pathname));
  const [state, setState] = useState<EditState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    // With no id too, the answer comes after the first render: the status region is on the page
    // before it says "Post not found".
    const lookup =
      id === undefined ? Promise.resolve(undefined) : ensureSeeded().then(() => postStore.findById(id));
    void lookup.then((post) => {
      if (cancelled) return;
      if (post) setState({ status: 'found', post });
      else setState(id === undefined ? { status: 'missing' } : { status: 'missing', id });
    });
    return () => {
      cancelled = true;
    };
  }, [id]);

  if (state.status !== 'found') {
    const missing = state.status === 'missing';
    // "Post not found" goes into a status region already on the page, in one piece, so it is said
    // once: a region that arrives with its text already in it is not said (docs/development.md,
    // "Spoken-output tests"; the render-error screen does the same).
    return (
      <div className={missing ? 'rounded-xl border-2 border-line bg-surface p-6' : undefined}>
        {!missing && (
          <p role="status" className="text-lg text-ink-muted">
            {LOADING_TEXT}
          </p>
        )}
        <div role="status">
          {missing && (
            <div>
              <h2 className="text-xl font-bold">Post not found</h2>
              <p className="mt-2">
                {state.id === undefined
                  ? 'This address does not name a post.'
                  : `There is no post number ${state.id} in this browser. It may have been deleted, or written in another browser.`}
              </p>
            </div>
          )}
        </div>
        {missing && (
          <p className="mt-4">
            <a href={ADMIN_POSTS_PATH} className={linkClass}>
              Back to all posts
            </a>
          </p>
        )}
      </div>
    );
  }
  return (
    <>
      <PostForm
        formKey={state.post.id}
        initial={formValuesFromPost(state.post)}
        postId={state.post.id}
        savedAt={state.post.updatedAt}
        {...(askForUrl ? { askForUrl } : {})}
      />
      <WebsitePublishing posts={[state.post]}>
        <PostWebsiteControls post={state.post} />
      </WebsitePublishing>
    </>
  );
}

function PostEditorPage({ mode, askForUrl }: PostEditorPageProps) {
  return (
    <AuthGate>
      <AdminBar />
      {mode === 'new' ? (
        <PostForm formKey="new" initial={EMPTY_POST_FORM} {...(askForUrl ? { askForUrl } : {})} />
      ) : (
        <EditPost {...(askForUrl ? { askForUrl } : {})} />
      )}
    </AuthGate>
  );
}

export default withErrorBoundary(PostEditorPage);
