/**
 * Whether a session token is good (SPEC 4), apart from signing in: its signature checks with this
 * browser's key (HS256 only), it has not expired, and its session exists, is the token's user's,
 * has not expired and has no more than its two hours left (a clock that was ahead at sign-in does
 * not stretch it). session.ts signs in and out with it, and gives it the account this build signs
 * in with: a session whose user no longer holds that account's password (a build with a new one)
 * has ended. A public page asks it before it shows the admin's drafts (a preview), without an
 * account. A module of its own because it never needs the admin account, whose build-time values no
 * public page may load.
 */
import { runDbOperation, type DbOperationOptions, type Session, type User } from '@/lib/db';
import { signingKeys, type SigningKeyStore } from './signing-key';
import { readSessionToken, SESSION_LIFETIME_MS } from './token';
import { browserStorage, type KeyValueStorage } from './storage';

export const AUTH_TOKEN_KEY = 'auth_token';

/** How far the clock may be put back during a session (a time sync's correction) without ending it. */
export const CLOCK_TOLERANCE_MS = 60_000;

/**
 * The account the session's user must still be: its username and the stored password value
 * (`users.passwordHash`, admin-account.ts). Comparing the two strings costs nothing; the password's
 * derivation runs only at sign-in.
 */
export type ExpectedAccount = Pick<User, 'username' | 'passwordHash'>;

/**
 * The session of a valid token, or undefined (SPEC 4: "An expired session, or one missing ...").
 * With `account`, also undefined when the session's user is no longer that account: signed in with
 * a password (or by a user) that this build no longer has.
 */
export async function verifySessionToken(
  token: string | null | undefined,
  keys: SigningKeyStore = signingKeys,
  dbOptions: DbOperationOptions = {},
  account?: ExpectedAccount,
): Promise<Session | undefined> {
  if (!token) return undefined;
  let key: CryptoKey;
  try {
    key = await keys.getKey();
  } catch (error) {
    console.error('[auth] the signing key is not available:', error);
    return undefined;
  }
  const claims = await readSessionToken(token, key);
  if (!claims) return undefined;
  // The session and its user in one call, so one time limit covers both.
  const found = await runDbOperation(
    'find session by id',
    (db) =>
      db.transaction('r', db.sessions, db.users, async () => {
        const session = await db.sessions.get(claims.sessionId);
        const user = account && session ? await db.users.get(session.userId) : undefined;
        return { session, user };
      }),
    dbOptions,
  );
  const { session, user } = found.ok ? found.value : {};
  if (!session || session.userId !== claims.userId) return undefined;
  if (
    account &&
    (!user ||
      user.username !== account.username ||
      user.passwordHash.toLowerCase() !== account.passwordHash.toLowerCase())
  ) {
    return undefined;
  }
  const left = session.expiresAt.getTime() - Date.now();
  if (left <= 0) return undefined;
  // A session never has more than its two hours left. One signed in while the clock was ahead (or
  // checked after it was put back) would otherwise last as much longer as the clock was off.
  if (left > SESSION_LIFETIME_MS + CLOCK_TOLERANCE_MS) return undefined;
  return session;
}

/**
 * Whether the admin is signed in in this browser now. Only reads: a bad token stays for the admin's
 * pages to remove.
 */
export async function isSignedIn(
  storage: () => KeyValueStorage = browserStorage,
  keys?: SigningKeyStore,
  dbOptions?: DbOperationOptions,
): Promise<boolean> {
  let token: string | null;
  try {
    token = storage().getItem(AUTH_TOKEN_KEY);
  } catch {
    return false;
  }
  return (await verifySessionToken(token, keys, dbOptions)) !== undefined;
}
