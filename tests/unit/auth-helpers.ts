// Shared set-up for the auth tests: a private in-memory IndexedDB per test, so no test sees
// another's users, sessions or signing key.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createDatabase, type AppDatabase } from '@/lib/db';
import type { AdminAccount } from '@/lib/auth/admin-account';
import { createSigningKeyStore } from '@/lib/auth/signing-key';
import { memoryStorage } from '@/lib/auth/storage';
import { createAuth } from '@/lib/auth/session';

/** printf %s 'a long test passphrase' | sha256sum */
export const TEST_PASSWORD_SHA256 = '60a53d26dc0ea6111ff8bb4cb0e19d9e08696ab7a334d6227d8e2d09372eb2e6';
export const TEST_SALT = 'eb94b2642cdd854513bce0d00ad93e39';

/**
 * 'a long test passphrase', derived with 1,000 iterations so the tests stay quick (a build never
 * ships fewer than 600,000): openssl kdf -keylen 32 -kdfopt digest:SHA256
 * -kdfopt pass:<TEST_PASSWORD_SHA256> -kdfopt hexsalt:<TEST_SALT> -kdfopt iter:1000 PBKDF2
 */
export const TEST_ACCOUNT: AdminAccount = {
  username: 'therapist',
  passwordHash: '36901e1751979f34f6f6c03a82b8527799545922ec4c943a46bcfcd53cc9758c',
  salt: TEST_SALT,
  iterations: 1000,
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
