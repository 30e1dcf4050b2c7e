// Decap CMS writes a field the editor emptied as '' (or null). For optional front-matter fields that is
// not "absent": `slug: ''` breaks the slug rule and `updatedAt: ''` is no date, so the build would stop.
// The CMS page drops such values before saving, and the schema defaults apply as for a hand-written file.

/** True for the values Decap leaves behind in a field the editor cleared. */
export function isClearedValue(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

/** The entry's top-level fields without cleared values (works on Decap's Immutable Map and on arrays of pairs). */
export function withoutClearedValues<T extends { filter(keep: (value: unknown) => boolean): T }>(data: T): T {
  return data.filter((value) => !isClearedValue(value));
}
