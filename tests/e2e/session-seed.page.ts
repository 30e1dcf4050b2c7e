// Runs in the page (bundled by tests/e2e/session-seed.ts): the admin's own sign-in code.
import type { AdminAccount } from '@/lib/auth/admin-account';
import { createAuth } from '@/lib/auth/session';
import { runDbOperation } from '@/lib/db';

/**
 * Signs in with the app's sign-in (src/lib/auth/session.ts) against `account`; throws if refused.
 * The admin's `users` row then gets `storedHash`, the build's own value, which an admin page
 * requires of a live session's user.
 */
export async function signIn(
  account: AdminAccount,
  username: string,
  password: string,
  storedHash: string,
): Promise<void> {
  const result = await createAuth({ account }).signIn(username, password);
  if (!result.ok) throw new Error(`the seeded sign-in was refused: ${result.message}`);
  const stored = await runDbOperation('store the build’s password value', (db) =>
    db.users.update(result.session.userId, { passwordHash: storedHash }),
  );
  if (!stored.ok || stored.value !== 1)
    throw new Error('the seeded admin could not be given the build’s value');
}
