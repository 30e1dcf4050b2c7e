// The notice over the post form when it opened with changes that were not saved (useUnsavedCopy):
// when they were made, and a way to drop them.
import { formatDeviceDateTime } from '@/lib/site/dates';
import { secondaryButton } from './ui';

function savedAtText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'earlier' : formatDeviceDateTime(date);
}

interface RestoredChangesProps {
  /** When the copy was written (ISO). */
  savedAt: string;
  discardLabel: string;
  onDiscard: () => void;
}

export function RestoredChanges({ savedAt, discardLabel, onDiscard }: RestoredChangesProps) {
  return (
    <>
      <p>Changes you had not saved ({savedAtText(savedAt)}) were restored. Save the post to keep them.</p>
      <button type="button" className={`${secondaryButton} mt-3`} onClick={onDiscard}>
        {discardLabel}
      </button>
    </>
  );
}
