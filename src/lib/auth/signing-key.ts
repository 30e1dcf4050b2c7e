/**
 * The key that signs session tokens: a random HMAC SHA-256 key made by Web Crypto the first time
 * this browser signs someone in, created NON-EXTRACTABLE (no script, ours included, can read its
 * bytes) and kept in the browser's own IndexedDB. Nothing the site serves contains it, so a token
 * cannot be forged from the site's code, and a token copied to another browser does not verify there.
 *
 * It lives in a small database of its own, 'BlogAuthKeys': BlogDatabase's tables are fixed by the
 * spec (posts, users, sessions, registrations), and a CryptoKey object is stored by structured
 * clone, which IndexedDB supports and localStorage (strings only) does not.
 */
import Dexie, { type DexieOptions, type Table } from 'dexie';
import { DEFAULT_DB_TIMEOUT_MS, withTimeout } from '@/lib/db';

export const KEY_DATABASE_NAME = 'BlogAuthKeys';
const SESSION_KEY_NAME = 'session-signing';

interface StoredKey {
  name: string;
  key: CryptoKey;
  createdAt: Date;
}

type KeyDatabase = Dexie & { keys: Table<StoredKey, string> };

function openKeyDatabase(options?: DexieOptions): KeyDatabase {
  const db = new Dexie(KEY_DATABASE_NAME, options) as KeyDatabase;
  db.version(1).stores({ keys: 'name' });
  return db;
}

export interface SigningKeyStore {
  /** This browser's signing key, created and stored on first use. */
  getKey(): Promise<CryptoKey>;
  /** Forgets the key: every token signed with it stops verifying. */
  reset(): Promise<void>;
}

/**
 * `timeoutMs`: how long reading or storing the key may take, as for every BlogDatabase call (db.ts).
 * A database that never answers left each admin page on "Loading..." for good; it now fails, and the
 * sign-in check treats the session as invalid, as it does when BlogDatabase does not answer.
 */
export function createSigningKeyStore(
  options?: DexieOptions,
  timeoutMs: number = DEFAULT_DB_TIMEOUT_MS,
): SigningKeyStore {
  let db: KeyDatabase | undefined;
  let pending: Promise<CryptoKey> | undefined;
  const database = () => (db ??= openKeyDatabase(options));

  async function loadOrCreate(): Promise<CryptoKey> {
    const stored = await database().keys.get(SESSION_KEY_NAME);
    if (stored) return stored.key;
    // Made outside the transaction: awaiting Web Crypto inside it would let IndexedDB commit early.
    const fresh = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256', length: 256 }, false, [
      'sign',
      'verify',
    ]);
    // Another tab may have stored one meanwhile; the first key stored wins for every tab.
    return database().transaction('rw', database().keys, async () => {
      const existing = await database().keys.get(SESSION_KEY_NAME);
      if (existing) return existing.key;
      await database().keys.add({ name: SESSION_KEY_NAME, key: fresh, createdAt: new Date() });
      return fresh;
    });
  }

  return {
    getKey() {
      pending ??= withTimeout(loadOrCreate(), timeoutMs, 'reading the signing key').catch(
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    async reset() {
      pending = undefined;
      await database().keys.delete(SESSION_KEY_NAME);
    },
  };
}

/** The store of the shared, browser-wide key. */
export const signingKeys: SigningKeyStore = createSigningKeyStore();
