// The question before an import replaces posts in this browser: which file replaces which post, and
// how many others are added.
import { ConfirmDialog } from './ConfirmDialog';
import type { PendingImport } from './useMarkdownTransfer';
import { plural } from '@/lib/text/plural';

interface ImportReplaceDialogProps {
  /** The import waiting for an answer; null while the dialog is closed. */
  pending: PendingImport | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ImportReplaceDialog({ pending, busy, onConfirm, onCancel }: ImportReplaceDialogProps) {
  const added = pending?.plan.added.length ?? 0;
  return (
    <ConfirmDialog
      open={pending !== null}
      title="Replace existing posts?"
      confirmLabel="Bring back and replace"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>These files have the same address as posts in this browser, which they would replace:</p>
      <ul className="mt-2 list-disc pl-6">
        {pending?.plan.replaced.map(({ post, existingTitle }) => (
          <li key={post.slug}>
            {post.fileName} replaces “{existingTitle}”
          </li>
        ))}
      </ul>
      {added > 0 && (
        <p className="mt-2">
          {added} other {plural(added, 'file is', 'files are')} added as new {plural(added, 'post')}.
        </p>
      )}
    </ConfirmDialog>
  );
}
