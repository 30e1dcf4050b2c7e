// Asks the browser to keep this site's storage (SPEC: nothing the admin writes is lost). Without
// it, a browser short of disk space may clear IndexedDB, and with it the posts written here.

export type PersistenceState = 'persisted' | 'best-effort' | 'unsupported';

/** Requests persistent storage once; never throws. */
export async function requestPersistentStorage(
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator?.storage,
): Promise<PersistenceState> {
  if (!storage || typeof storage.persist !== 'function') return 'unsupported';
  try {
    if (await storage.persisted()) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'best-effort';
  } catch {
    return 'unsupported';
  }
}
