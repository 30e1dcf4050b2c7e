/**
 * Signing in and out, and the check every protected page runs (SPEC 4, 7 and 8).
 *
 * Sign-in: the configured admin is written to `users`; the user is looked up by username and the
 * password's derivation (its SHA-256, then PBKDF2 with the build's salt: password.ts) compared in
 * constant time with the stored passwordHash (the derivation is computed and compared even for an
 * unknown username, and both failures give the same message). Success adds a `sessions` row (uuid,
 * two hours) and stores an HS256 token that expires with it under localStorage 'auth_token'.
 *
 * Whether a token is valid is session-check.ts's rule. Sign-out deletes the session and the token.
 */
import { decodeJwt } from 'jose';
import { runDbOperation, type DbOperationOptions, type Session } from '@/lib/db';
import { adminAccount, syncAdminAccount, type AdminAccount } from './admin-account';
import { clearCsrfToken } from './csrf';
import { constantTimeEqual, hashPassword } from './password';
import { signingKeys, type SigningKeyStore } from './signing-key';
import { AUTH_TOKEN_KEY, verifySessionToken } from './session-check';
import { SESSION_LIFETIME_MS, signSessionToken } from './token';
import { browserStorage, type KeyValueStorage } from './storage';

export { AUTH_TOKEN_KEY, CLOCK_TOLERANCE_MS } from './session-check';

/** The underlying message (SPEC 8), the same for an unknown user and a wrong password. */
export const INVALID_CREDENTIALS = 'Invalid credentials';
/** What the login form shows (SPEC 8). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid credentials. Please try again.';
export const STORAGE_UNAVAILABLE_MESSAGE =
  'Signing in needs this browser to store data, and it cannot at the moment (a private window or ' +
  'blocked site data can cause this). Please try a normal window or allow site data for this site.';

export type SignInResult =
  | { ok: true; session: Session; token: string }
  | { ok: false; reason: 'invalid-credentials' | 'storage-unavailable'; message: string };

export interface AuthOptions extends DbOperationOptions {
  account?: AdminAccount;
  keys?: SigningKeyStore;
  /** Where the token is kept; the browser's localStorage by default. */
  storage?: () => KeyValueStorage;
}

/**
 * The session id a stored token names, read without verifying it: signing out deletes that session
 * even when the token has already expired. Deleting is the only thing done with it.
 */
function sessionIdOf(token: string | null): string | undefined {
  if (!token) return undefined;
  try {
    const { sid } = decodeJwt(token);
    return typeof sid === 'string' && sid ? sid : undefined;
  } catch {
    return undefined;
  }
}

/** Compared against when the username is unknown, so that case does the same work. */
const UNKNOWN_USER_HASH = '0'.repeat(64);

export function createAuth(options: AuthOptions = {}) {
  const { account = adminAccount, keys = signingKeys, storage = browserStorage, ...dbOptions } = options;

  const readToken = () => {
    try {
      return storage().getItem(AUTH_TOKEN_KEY);
    } catch {
      return null;
    }
  };
  const forgetToken = () => {
    try {
      storage().removeItem(AUTH_TOKEN_KEY);
    } catch {
      // Storage that cannot be read holds no token either.
    }
  };

  async function signIn(username: string, password: string): Promise<SignInResult> {
    const invalid = {
      ok: false,
      reason: 'invalid-credentials',
      message: INVALID_CREDENTIALS_MESSAGE,
    } as const;
    const unavailable = {
      ok: false,
      reason: 'storage-unavailable',
      message: STORAGE_UNAVAILABLE_MESSAGE,
    } as const;
    // About a second on a phone (PBKDF2): the login button shows progress meanwhile.
    const passwordHash = await hashPassword(password, account);

    if (!(await syncAdminAccount(account, dbOptions))) return unavailable;
    const lookup = await runDbOperation(
      'find user by username',
      (db) => db.users.where('username').equals(username.trim()).first(),
      dbOptions,
    );
    if (!lookup.ok) return unavailable;
    const user = lookup.value;
    const matches = constantTimeEqual(
      passwordHash,
      user ? user.passwordHash.toLowerCase() : UNKNOWN_USER_HASH,
    );
    if (!user || !matches) return invalid;

    const createdAt = new Date();
    const session: Session = {
      id: crypto.randomUUID(),
      userId: user.id,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + SESSION_LIFETIME_MS),
    };
    const added = await runDbOperation(
      'add session',
      async (db) => {
        // Housekeeping: sessions that have ended are of no use to anyone.
        await db.sessions.where('expiresAt').below(createdAt).delete();
        return db.sessions.add(session);
      },
      dbOptions,
    );
    if (!added.ok) return unavailable;
    try {
      const token = await signSessionToken(
        { sessionId: session.id, userId: user.id, expiresAt: session.expiresAt },
        await keys.getKey(),
      );
      storage().setItem(AUTH_TOKEN_KEY, token);
      return { ok: true, session, token };
    } catch (error) {
      console.error('[auth] could not sign or store the session token:', error);
      await runDbOperation('delete session', (db) => db.sessions.delete(session.id), dbOptions);
      return unavailable;
    }
  }

  /**
   * The session of a valid token, or undefined (session-check.ts). A session signed in with another
   * password than this build's (ADMIN_PASSWORD_SHA256 changed) has ended, at the next admin page
   * load, as an expired one has.
   */
  const verifyToken = (token: string | null | undefined): Promise<Session | undefined> =>
    verifySessionToken(token, keys, dbOptions, account);

  /** The signed-in session, or undefined; an invalid stored token is removed. */
  async function currentSession(): Promise<Session | undefined> {
    const token = readToken();
    if (!token) return undefined;
    const session = await verifyToken(token);
    if (!session) forgetToken();
    return session;
  }

  /** Deletes the session and the stored token (and the CSRF token with them). */
  async function signOut(): Promise<void> {
    const sessionId = sessionIdOf(readToken());
    if (sessionId) await runDbOperation('delete session', (db) => db.sessions.delete(sessionId), dbOptions);
    forgetToken();
    clearCsrfToken();
  }

  return { signIn, verifyToken, currentSession, signOut };
}

export type Auth = ReturnType<typeof createAuth>;

/** Sign-in on the shared database, this browser's key and localStorage. */
export const auth: Auth = createAuth();
