// The single admin account (SPEC 1 and 6: no sign-up). Its username is ADMIN_USERNAME, through
// astro:env; its password only a slow, salted derivation of ADMIN_PASSWORD_SHA256 (PBKDF2, the
// site's salt, decision 0055; tools/build-env.mjs also warns about the development account),
// through the build's derived values (virtual:build-derived). Neither the password nor its SHA-256
// is part of the build.
import { ADMIN_USERNAME } from 'astro:env/client';
import { adminPassword, type AdminPassword } from 'virtual:build-derived';
import { DEV_ADMIN } from '@/lib/config/shared.mjs';
import { runDbOperation, type DbOperationOptions, type User } from '@/lib/db';
import { PBKDF2_ITERATIONS, shippedAccountProblem } from './password-derivation.mjs';

/**
 * The account the sign-in checks: `passwordHash` (lower-case hex PBKDF2-SHA-256 of the password's
 * hex SHA-256 with `salt` and `iterations`) is what `users.passwordHash` holds and the typed password
 * is compared with.
 */
export interface AdminAccount extends AdminPassword {
  username: string;
}

/** The role the admin user gets; SPEC 6 checks no role value, the field is kept for the record. */
export const ADMIN_ROLE = 'admin';

/**
 * 'admin' / 'change-me-now' for tests, which have no build-derived values. Its salt is fixed (the
 * password is public anyway); a build of the development account makes a fresh one like any other.
 * `openssl kdf -keylen 32 -kdfopt digest:SHA256 -kdfopt pass:<DEV_ADMIN.passwordSha256>
 * -kdfopt hexsalt:<salt> -kdfopt iter:600000 PBKDF2` prints the hash.
 */
export const DEVELOPMENT_ACCOUNT: AdminAccount = {
  username: DEV_ADMIN.username,
  passwordHash: '5066a85efbbb9dc73b86b38a9a92cc91254d1f768d098253b93d01f36a221007',
  salt: '9596164090a38f1e8eeeadf36708ec06',
  iterations: PBKDF2_ITERATIONS,
  development: true,
};

/**
 * A build-time value when it is well formed (never fewer than PBKDF2_ITERATIONS), otherwise the
 * development account: only tests and unconfigured builds have none, since a build stops on a
 * malformed one (shippedAccountProblem, the same rule, in tools/build-env.mjs).
 */
export function resolveAdminAccount(configured: unknown): AdminAccount {
  if (shippedAccountProblem(configured) !== undefined) return DEVELOPMENT_ACCOUNT;
  const { username, passwordHash, salt, iterations, development } = configured as Record<string, unknown> & {
    username: string;
    passwordHash: string;
    salt: string;
    iterations: number;
  };
  return {
    username: username.trim(),
    passwordHash: passwordHash.toLowerCase(),
    salt: salt.toLowerCase(),
    iterations,
    development: development === true,
  };
}

/** The account this build signs in with (the development one in tests and unconfigured builds). */
export const adminAccount: AdminAccount = resolveAdminAccount(
  adminPassword && { ...adminPassword, username: ADMIN_USERNAME },
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
            // A new password ends the sessions signed in with the old one (a new SITE_URL or
            // username too: they make the salt, decision 0055).
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
