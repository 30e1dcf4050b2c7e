/**
 * Whether a session token is good (SPEC 4), apart from signing in: its signature checks with this
 * browser's key (HS256 only), it has not expired, and its session exists, is the token's user's,
 * has not expired and has no more than its two hours left (a clock that was ahead at sign-in does
 * not stretch it). session.ts signs in and out with it; a public page asks it before it shows the
 * admin's drafts (a preview). A module of its own because it never needs the admin account, whose
 * build-time values no public page may load.
 */
import { runDbOperation, type DbOperationOptions, type Session } from '@/lib/db';
import { signingKeys, type SigningKeyStore } from './signing-key';
import { readSessionToken, SESSION_LIFETIME_MS } from './token';
import { browserStorage, type KeyValueStorage } from './storage';

export const AUTH_TOKEN_KEY = 'auth_token';

/** How far the clock may be put back during a session (a time sync's correction) without ending it. */
export const CLOCK_TOLERANCE_MS = 60_000;

/** The session of a valid token, or undefined (SPEC 4: "An expired session, or one missing ..."). */
export async function verifySessionToken(
  token: string | null | undefined,
  keys: SigningKeyStore = signingKeys,
  dbOptions: DbOperationOptions = {},
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
  const found = await runDbOperation(
    'find session by id',
    (db) => db.sessions.get(claims.sessionId),
    dbOptions,
  );
  const session = found.ok ? found.value : undefined;
  if (!session || session.userId !== claims.userId) return undefined;
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
