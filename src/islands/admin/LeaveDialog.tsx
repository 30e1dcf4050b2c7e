// The question before leaving the post form with unsaved changes by its Cancel link: keep editing,
// or discard the changes and go. (Other ways out get the browser's own question: leave-guard.ts.)
import { ConfirmDialog } from './ConfirmDialog';

export const LEAVE_TEXT = {
  leaveTitle: 'Leave without saving?',
  leaveBody: 'Your changes to this post have not been saved. If you leave now, they are discarded.',
  keepEditing: 'Keep editing',
  discardAndLeave: 'Discard changes and leave',
} as const;

interface LeaveDialogProps {
  /** Where the admin asked to go; null while the dialog is closed. */
  href: string | null;
  onLeave: (href: string) => void;
  onStay: () => void;
}

export function LeaveDialog({ href, onLeave, onStay }: LeaveDialogProps) {
  return (
    <ConfirmDialog
      open={href !== null}
      title={LEAVE_TEXT.leaveTitle}
      confirmLabel={LEAVE_TEXT.discardAndLeave}
      cancelLabel={LEAVE_TEXT.keepEditing}
      onConfirm={() => {
        if (href) onLeave(href);
      }}
      onCancel={onStay}
    >
      <p>{LEAVE_TEXT.leaveBody}</p>
    </ConfirmDialog>
  );
}
