// The post form's values, and the copy of them kept in this browser while they are unsaved
// (src/lib/admin/unsaved-copy.ts): offered back when the form opens, written a moment after each
// change and at once when the admin leaves or is sent to sign in, removed once nothing is unsaved.
import { useEffect, useRef, useState } from 'react';
import { sameFormValues, type PostFormValues } from '@/lib/admin/post-form';
import {
  readUnsavedCopy,
  removeUnsavedCopy,
  restoreOver,
  writeUnsavedCopy,
  type FormKey,
} from '@/lib/admin/unsaved-copy';
import { browserStorage } from '@/lib/auth/storage';
import { useBeforeSignInRedirect } from './AuthGate';
import { useLeaveGuard } from './leave-guard';

/** How long the copy waits for typing to pause before it is written. */
export const UNSAVED_COPY_DELAY_MS = 300;

/**
 * `saved` is the stored state (stable for the form's life). With `keepContent` the content cannot
 * be edited here, so a restored copy keeps the saved content, whatever it holds.
 */
export function useUnsavedCopy(formKey: FormKey, saved: PostFormValues, { keepContent = false } = {}) {
  const [restored] = useState(() => {
    const copy = readUnsavedCopy(browserStorage(), formKey);
    if (!copy) return undefined;
    if (keepContent) {
      copy.values.content = saved.content;
      if (copy.base) copy.base.content = saved.content;
    }
    // Over the post as saved now: a save from another tab since the copy was written is kept.
    const { values, bothChanged } = restoreOver(copy, saved);
    return sameFormValues(values, saved) ? undefined : { values, bothChanged, savedAt: copy.savedAt };
  });
  const [values, setValues] = useState<PostFormValues>(restored?.values ?? saved);
  const valuesRef = useRef(values);
  useEffect(() => {
    valuesRef.current = values;
  });

  const dirty = !sameFormValues(values, saved);
  // False once the browser refused to store the copy (its storage is full: pictures are kept in it
  // as data), so the form can say that closing the tab now would lose what changed since.
  const [kept, setKept] = useState(true);
  // The copy is also written at once when the admin leaves (a reload within that moment).
  useLeaveGuard(dirty, () => setKept(writeUnsavedCopy(browserStorage(), formKey, valuesRef.current, saved)));

  // The unsaved copy follows the form a moment after each change, and goes when nothing is unsaved.
  useEffect(() => {
    const storage = browserStorage();
    if (!dirty) {
      removeUnsavedCopy(storage, formKey);
      return;
    }
    const timer = window.setTimeout(
      () => setKept(writeUnsavedCopy(storage, formKey, values, saved)),
      UNSAVED_COPY_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [values, dirty, formKey, saved]);

  useBeforeSignInRedirect(() => {
    if (!sameFormValues(valuesRef.current, saved))
      setKept(writeUnsavedCopy(browserStorage(), formKey, valuesRef.current, saved));
  });

  /** Drops the copy (the post was saved, or the admin chose to lose the changes). */
  const forget = () => removeUnsavedCopy(browserStorage(), formKey);

  /** Back to the saved state, without the copy. */
  const discard = () => {
    forget();
    setValues(saved);
  };

  return { values, setValues, dirty, restored, forget, discard, kept };
}
