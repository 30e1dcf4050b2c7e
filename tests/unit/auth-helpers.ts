// Shared set-up for the auth tests: a private in-memory IndexedDB per test, so no test sees
// another's users, sessions or signing key.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createDatabase, type AppDatabase } from '@/lib/db';
import type { AdminAccount } from '@/lib/auth/admin-account';
import { createSigningKeyStore } from '@/lib/auth/signing-key';
import { memoryStorage } from '@/lib/auth/storage';
import { createAuth } from '@/lib/auth/session';

/** printf %s 'a long test passphrase' | sha256sum */
export const TEST_ACCOUNT: AdminAccount = {
  username: 'therapist',
  passwordHash: '60a53d26dc0ea6111ff8bb4cb0e19d9e08696ab7a334d6227d8e2d09372eb2e6',
  development: false,
};

export function isolatedAuth(account?: AdminAccount) {
  const indexedDB = new IDBFactory();
  const db: AppDatabase = createDatabase({ indexedDB, IDBKeyRange });
  const keys = createSigningKeyStore({ indexedDB, IDBKeyRange });
  const storage = memoryStorage();
  const auth = createAuth({
    database: () => db,
    keys,
    storage: () => storage,
    ...(account ? { account } : {}),
  });
  return { db, keys, storage, auth, indexedDB };
}
