/**
 * A copy of the post form kept in localStorage while it has unsaved changes, so the text survives
 * a closed tab, a crash or a session that ends mid-sentence: the form offers it back next time.
 * It is removed when the post is saved or the admin discards it.
 */
import type { KeyValueStorage } from '@/lib/auth/storage';
import { isPostPictures } from './picture-file';
import type { PostFormValues } from './post-form';

const PREFIX = 'admin-unsaved-post:';

export interface UnsavedCopy {
  values: PostFormValues;
  savedAt: string;
}

/** 'new' for the new-post form, otherwise the post's id. */
export type FormKey = 'new' | number;

export function unsavedCopyKey(form: FormKey): string {
  return `${PREFIX}${form}`;
}

/** A copy written before pictures from the computer (issue 35) has none: it reads as an empty set. */
function isFormValues(value: unknown): value is PostFormValues {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  v.pictures ??= {};
  return (
    ['title', 'excerpt', 'content', 'tags', 'featuredImage'].every((field) => typeof v[field] === 'string') &&
    typeof v.isDraft === 'boolean' &&
    isPostPictures(v.pictures)
  );
}

export function readUnsavedCopy(storage: KeyValueStorage, form: FormKey): UnsavedCopy | undefined {
  try {
    const raw = storage.getItem(unsavedCopyKey(form));
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as { values?: unknown; savedAt?: unknown };
    if (!isFormValues(parsed.values) || typeof parsed.savedAt !== 'string') return undefined;
    return { values: parsed.values, savedAt: parsed.savedAt };
  } catch {
    return undefined;
  }
}

/** Returns false when the browser refused to store it (full or blocked storage). */
export function writeUnsavedCopy(
  storage: KeyValueStorage,
  form: FormKey,
  values: PostFormValues,
  now: Date = new Date(),
): boolean {
  try {
    storage.setItem(unsavedCopyKey(form), JSON.stringify({ values, savedAt: now.toISOString() }));
    return true;
  } catch {
    return false;
  }
}

export function removeUnsavedCopy(storage: KeyValueStorage, form: FormKey): void {
  try {
    storage.removeItem(unsavedCopyKey(form));
  } catch {
    // Nothing to remove.
  }
}
