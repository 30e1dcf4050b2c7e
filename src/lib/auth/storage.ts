// The Web Storage the auth helpers use, behind a small interface so tests can pass their own.

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's localStorage (read when called, never at import, so build-time rendering works). */
export const browserStorage = (): KeyValueStorage => window.localStorage;

/** The tab's sessionStorage. */
export const tabStorage = (): KeyValueStorage => window.sessionStorage;

/** A Map-backed storage for tests and for browsers that refuse Web Storage. */
export function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}
