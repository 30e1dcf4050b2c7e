// The single admin account (SPEC 1 and 6: no sign-up). Its username and password hash are set at
// build time from ADMIN_USERNAME and ADMIN_PASSWORD_SHA256 (scripts/build-env.mjs, which also owns
// the development account and its loud warning) and reach the browser through a Vite define in
// astro.config.mjs. The password itself is never part of the build.
import { DEV_ADMIN } from '../../../scripts/build-env.mjs';
import { runDbOperation, type DbOperationOptions, type User } from '@/lib/db';
import { SHA256_HEX_PATTERN } from './password';

export interface AdminAccount {
  username: string;
  /** Lower-case hex SHA-256 of the password. */
  passwordHash: string;
  /** True when the build used the documented development account. */
  development: boolean;
}

/** The role the admin user gets; SPEC 6 checks no role value, the field is kept for the record. */
export const ADMIN_ROLE = 'admin';

declare const __ADMIN_ACCOUNT__: AdminAccount | undefined;

export const DEVELOPMENT_ACCOUNT: AdminAccount = {
  username: DEV_ADMIN.username,
  passwordHash: DEV_ADMIN.passwordSha256,
  development: true,
};

/** A build-time value when it is well formed, otherwise the development account. */
export function resolveAdminAccount(configured: unknown): AdminAccount {
  if (typeof configured !== 'object' || configured === null) return DEVELOPMENT_ACCOUNT;
  const { username, passwordHash, development } = configured as Record<string, unknown>;
  if (typeof username !== 'string' || !username.trim()) return DEVELOPMENT_ACCOUNT;
  if (typeof passwordHash !== 'string' || !SHA256_HEX_PATTERN.test(passwordHash.toLowerCase())) {
    return DEVELOPMENT_ACCOUNT;
  }
  return {
    username: username.trim(),
    passwordHash: passwordHash.toLowerCase(),
    development: development === true,
  };
}

/** The account this build signs in with (the development one in tests and unconfigured builds). */
export const adminAccount: AdminAccount = resolveAdminAccount(
  typeof __ADMIN_ACCOUNT__ === 'undefined' ? undefined : __ADMIN_ACCOUNT__,
);

/**
 * Makes the `users` table hold exactly the configured admin: adds or updates it (upsert by
 * username, role 'admin') and removes any other user with their sessions, so an account from an
 * earlier build (the development one, say) cannot sign in once the admin has set their own.
 * Returns the admin's user record, or undefined when the browser's storage is unusable.
 */
export async function syncAdminAccount(
  account: AdminAccount = adminAccount,
  options: DbOperationOptions = {},
): Promise<User | undefined> {
  const result = await runDbOperation(
    'store the admin account',
    (db) =>
      db.transaction('rw', db.users, db.sessions, async () => {
        const others = await db.users.where('username').notEqual(account.username).toArray();
        for (const other of others) {
          await db.sessions.where('userId').equals(other.id).delete();
          await db.users.delete(other.id);
        }
        const existing = await db.users.where('username').equals(account.username).first();
        if (existing) {
          if (existing.passwordHash !== account.passwordHash) {
            // A new password ends the sessions signed in with the old one.
            await db.sessions.where('userId').equals(existing.id).delete();
          }
          if (existing.passwordHash !== account.passwordHash || existing.role !== ADMIN_ROLE) {
            await db.users.update(existing.id, { passwordHash: account.passwordHash, role: ADMIN_ROLE });
          }
          return { ...existing, passwordHash: account.passwordHash, role: ADMIN_ROLE };
        }
        const record = { username: account.username, passwordHash: account.passwordHash, role: ADMIN_ROLE };
        const id = await db.users.add(record as User);
        return { ...record, id } as User;
      }),
    options,
  );
  return result.ok ? result.value : undefined;
}
