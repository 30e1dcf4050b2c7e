// The notice over the post form when it opened with changes that were not saved (useUnsavedCopy):
// when they were made, where a save from another tab changed the same fields, and a way to drop them.
import { formatDeviceDateTime } from '@/lib/site/dates';
import { secondaryButton } from './ui';

function savedAtText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'earlier' : formatDeviceDateTime(date);
}

interface RestoredChangesProps {
  /** When the copy was written (ISO). */
  savedAt: string;
  /** The fields a save from another tab also changed since, by their names on the form. */
  bothChanged: readonly string[];
  discardLabel: string;
  onDiscard: () => void;
}

export function RestoredChanges({ savedAt, bothChanged, discardLabel, onDiscard }: RestoredChangesProps) {
  return (
    <>
      <p>Changes you had not saved ({savedAtText(savedAt)}) were restored. Save the post to keep them.</p>
      {bothChanged.length > 0 && (
        <p className="mt-2">
          The post was also saved from another tab or window since then, with other changes to:{' '}
          {bothChanged.join(', ')}. Your unsaved version of {bothChanged.length === 1 ? 'it' : 'them'} is
          shown; everything else is as it was saved there.
        </p>
      )}
      <button type="button" className={`${secondaryButton} mt-3`} onClick={onDiscard}>
        {discardLabel}
      </button>
    </>
  );
}
