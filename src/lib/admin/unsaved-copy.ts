/**
 * A copy of the post form kept in localStorage while it has unsaved changes, so the text survives
 * a closed tab, a crash or a session that ends mid-sentence: the form offers it back next time.
 * It is removed when the post is saved or deleted, or the admin discards it.
 */
import type { KeyValueStorage } from '@/lib/auth/storage';
import { isPostPictures } from './picture-file';
import { POST_FORM_FIELDS, sameField, type PostFormField, type PostFormValues } from './post-form';

const PREFIX = 'admin-unsaved-post:';

export interface UnsavedCopy {
  values: PostFormValues;
  /**
   * The saved post these changes were made to: what tells the fields changed here from a save made
   * in another tab since (restoreOver). Absent from copies written before it was kept.
   */
  base?: PostFormValues | undefined;
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
    const parsed = JSON.parse(raw) as { values?: unknown; base?: unknown; savedAt?: unknown };
    if (!isFormValues(parsed.values) || typeof parsed.savedAt !== 'string') return undefined;
    const base = isFormValues(parsed.base) ? parsed.base : undefined;
    return { values: parsed.values, base, savedAt: parsed.savedAt };
  } catch {
    return undefined;
  }
}

/** Returns false when the browser refused to store it (full or blocked storage). */
export function writeUnsavedCopy(
  storage: KeyValueStorage,
  form: FormKey,
  values: PostFormValues,
  base: PostFormValues,
  now: Date = new Date(),
): boolean {
  try {
    storage.setItem(unsavedCopyKey(form), JSON.stringify({ values, base, savedAt: now.toISOString() }));
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

/**
 * The copy put over the post as it is saved now. A field changed here (the copy differs from its
 * base) keeps the copy's value; every other field takes the saved one, so that a save made in another
 * tab after the copy was written is not undone (its message, CHANGED_ELSEWHERE, sends the admin to
 * reload this form). `bothChanged` names the fields changed here and, otherwise, in that save: the
 * copy's value is the one shown, and the form says so. A copy without a base is restored whole.
 * The pictures follow the content: those of both are kept, and a save keeps only those it names.
 */
export function restoreOver(
  copy: UnsavedCopy,
  saved: PostFormValues,
): { values: PostFormValues; bothChanged: PostFormField[] } {
  const { base } = copy;
  if (!base) return { values: copy.values, bothChanged: [] };
  const values: PostFormValues = { ...saved, pictures: { ...saved.pictures, ...copy.values.pictures } };
  const bothChanged: PostFormField[] = [];
  for (const field of POST_FORM_FIELDS) {
    if (sameField(field, copy.values, base)) continue;
    Object.assign(values, { [field]: copy.values[field] });
    if (!sameField(field, saved, base) && !sameField(field, saved, copy.values)) bothChanged.push(field);
  }
  return { values, bothChanged };
}
