// Runs in the page (bundled by tests/e2e/session-seed.ts): the admin's own sign-in code.
import type { AdminAccount } from '@/lib/auth/admin-account';
import { createAuth } from '@/lib/auth/session';

/** Signs in with the app's sign-in (src/lib/auth/session.ts) against `account`; throws if refused. */
export async function signIn(account: AdminAccount, username: string, password: string): Promise<void> {
  const result = await createAuth({ account }).signIn(username, password);
  if (!result.ok) throw new Error(`the seeded sign-in was refused: ${result.message}`);
}
