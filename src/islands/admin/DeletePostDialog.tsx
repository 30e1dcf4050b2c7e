// The question before a post is deleted (SPEC 2: "Are you sure you want to delete this post?"),
// naming the post, how to keep a copy and, for every post on the website (published from here, or
// one of the site's own), that the website keeps it.
import type { Post } from '@/lib/db';
import { ConfirmDialog } from './ConfirmDialog';

export const DELETE_QUESTION = 'Are you sure you want to delete this post?';

/** Deleting only touches this browser: a post published from here keeps its file in the repository. */
export const DELETE_KEEPS_WEBSITE_COPY =
  'It is on the website, and deleting it here does not take it off: visitors keep seeing it. To take it off the website, choose “Remove from website” before you delete it.';

interface DeletePostDialogProps {
  /** The post to delete; null while the dialog is closed. */
  post: Post | null;
  /** Its file is in the website's files (useOnWebsite): deleting it here leaves it there. */
  onWebsite: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeletePostDialog({ post, onWebsite, busy, onConfirm, onCancel }: DeletePostDialogProps) {
  return (
    <ConfirmDialog
      open={post !== null}
      title="Delete this post?"
      confirmLabel="Delete post"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{DELETE_QUESTION}</p>
      {post && (
        <p className="mt-2 text-ink-muted">
          “{post.title}” will be removed from this browser. Download a copy first (under “More”) if you may
          want it back.
        </p>
      )}
      {post && onWebsite && <p className="mt-2 font-semibold">{DELETE_KEEPS_WEBSITE_COPY}</p>}
    </ConfirmDialog>
  );
}
