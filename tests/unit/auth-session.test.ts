import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVELOPMENT_ACCOUNT, syncAdminAccount } from '@/lib/auth/admin-account';
import { CSRF_TOKEN_KEY } from '@/lib/auth/csrf';
import { browserStorage, memoryStorage, tabStorage } from '@/lib/auth/storage';
import { isSignedIn } from '@/lib/auth/session-check';
import { readSessionToken, SESSION_LIFETIME_MS, signSessionToken } from '@/lib/auth/token';
import {
  AUTH_TOKEN_KEY,
  CLOCK_TOLERANCE_MS,
  createAuth,
  INVALID_CREDENTIALS,
  INVALID_CREDENTIALS_MESSAGE,
  STORAGE_UNAVAILABLE_MESSAGE,
} from '@/lib/auth/session';
import { isolatedAuth, TEST_ACCOUNT, TEST_PASSWORD_SHA256 } from './auth-helpers';

const PASSWORD = 'a long test passphrase';
/** 'another passphrase', as TEST_ACCOUNT derives it. */
const ANOTHER_PASSWORD_HASH = '3ad26629b6431edcb70a513bb37f8c3f3dbb448639f267ea5fe0b410c382829d';

let setup: ReturnType<typeof isolatedAuth>;
beforeEach(() => {
  setup = isolatedAuth(TEST_ACCOUNT);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks(); // a silenced console.error must not hide the next file's errors (isolate: false)
  setup.db.close();
});

describe('sign-in', () => {
  it('writes the configured admin to users and signs in with the right password', async () => {
    const result = await setup.auth.signIn('therapist', PASSWORD);
    expect(result.ok).toBe(true);
    expect(await setup.db.users.toArray()).toEqual([
      {
        id: expect.any(Number),
        username: 'therapist',
        passwordHash: TEST_ACCOUNT.passwordHash,
        role: 'admin',
      },
    ]);
    if (!result.ok) return;
    expect(setup.storage.getItem(AUTH_TOKEN_KEY)).toBe(result.token);
    const stored = await setup.db.sessions.get(result.session.id);
    expect(stored).toEqual(result.session);
    expect(result.session.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(result.session.expiresAt.getTime() - result.session.createdAt.getTime()).toBe(SESSION_LIFETIME_MS);
  });

  it('gives the same message for an unknown user and a wrong password', async () => {
    const unknown = await setup.auth.signIn('nobody', PASSWORD);
    const wrong = await setup.auth.signIn('therapist', 'not the password');
    expect(unknown).toEqual({
      ok: false,
      reason: 'invalid-credentials',
      message: INVALID_CREDENTIALS_MESSAGE,
    });
    expect(wrong).toEqual(unknown);
    expect(INVALID_CREDENTIALS_MESSAGE.startsWith(INVALID_CREDENTIALS)).toBe(true);
    expect(await setup.db.sessions.count()).toBe(0);
    expect(setup.storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it("compares the password's slow derivation, never its bare SHA-256", async () => {
    // An account holding the SHA-256 itself (what builds shipped before) does not sign in...
    const bare = isolatedAuth({ ...TEST_ACCOUNT, passwordHash: TEST_PASSWORD_SHA256 });
    expect((await bare.auth.signIn('therapist', PASSWORD)).ok).toBe(false);
    // ...nor does typing the SHA-256 as the password, and the stored record holds the derivation.
    expect((await setup.auth.signIn('therapist', TEST_PASSWORD_SHA256)).ok).toBe(false);
    expect((await setup.db.users.toArray()).map((user) => user.passwordHash)).toEqual([
      TEST_ACCOUNT.passwordHash,
    ]);
    // The same password under another salt (another build) gives another value.
    const resalted = isolatedAuth({ ...TEST_ACCOUNT, salt: '00'.repeat(16) });
    expect((await resalted.auth.signIn('therapist', PASSWORD)).ok).toBe(false);
    bare.db.close();
    resalted.db.close();
  });

  it('accepts the username with surrounding spaces but not in another case', async () => {
    expect((await setup.auth.signIn('  therapist ', PASSWORD)).ok).toBe(true);
    expect((await setup.auth.signIn('Therapist', PASSWORD)).ok).toBe(false);
  });

  it('removes an account from an earlier build, with its sessions', async () => {
    await syncAdminAccount(DEVELOPMENT_ACCOUNT, { database: () => setup.db });
    const devUser = await setup.db.users.where('username').equals('admin').first();
    await setup.db.sessions.add({
      id: 'old',
      userId: devUser!.id,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 1000),
    });
    expect((await setup.auth.signIn('admin', 'change-me-now')).ok).toBe(false);
    expect(await setup.db.users.where('username').equals('admin').count()).toBe(0);
    expect(await setup.db.sessions.get('old')).toBeUndefined();
  });

  it('updates the stored hash when the password changes, ending older sessions', async () => {
    const first = await setup.auth.signIn('therapist', PASSWORD);
    expect(first.ok).toBe(true);
    // A later build with another password.
    const newHash = ANOTHER_PASSWORD_HASH;
    const next = await syncAdminAccount(
      { ...TEST_ACCOUNT, passwordHash: newHash },
      { database: () => setup.db },
    );
    expect(next?.passwordHash).toBe(newHash);
    expect(await setup.db.users.count()).toBe(1);
    expect(await setup.db.sessions.count()).toBe(0);
    expect(await setup.auth.currentSession()).toBeUndefined();
  });

  it('ends a live session at the next check once a build with another password runs', async () => {
    // Signed in before the deploy; the admin page then loads the new build (another
    // ADMIN_PASSWORD_SHA256: 'another passphrase', as TEST_ACCOUNT derives it) with no new sign-in.
    const first = await setup.auth.signIn('therapist', PASSWORD);
    expect(first.ok).toBe(true);
    const newBuild = createAuth({
      account: { ...TEST_ACCOUNT, passwordHash: ANOTHER_PASSWORD_HASH },
      database: () => setup.db,
      keys: setup.keys,
      storage: () => setup.storage,
    });
    expect(await newBuild.currentSession()).toBeUndefined();
    expect(setup.storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('keeps the session of a build with the same account', async () => {
    const first = await setup.auth.signIn('therapist', PASSWORD);
    if (!first.ok) throw new Error('sign-in failed');
    const sameBuild = createAuth({
      account: { ...TEST_ACCOUNT, passwordHash: TEST_ACCOUNT.passwordHash.toUpperCase() },
      database: () => setup.db,
      keys: setup.keys,
      storage: () => setup.storage,
    });
    expect(await sameBuild.currentSession()).toEqual(first.session);
  });

  it('reports unusable storage instead of claiming wrong credentials', async () => {
    setup.db.close();
    const broken = isolatedAuth(TEST_ACCOUNT);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = await import('@/lib/auth/session').then(({ createAuth }) =>
      createAuth({
        account: TEST_ACCOUNT,
        keys: broken.keys,
        storage: () => broken.storage,
        database: () => {
          throw Object.assign(new Error('no IndexedDB'), { name: 'MissingAPIError' });
        },
      }),
    );
    expect(await failing.signIn('therapist', PASSWORD)).toEqual({
      ok: false,
      reason: 'storage-unavailable',
      message: STORAGE_UNAVAILABLE_MESSAGE,
    });
    broken.db.close();
  });
});

describe('sign-in when one step of the storage fails', () => {
  /** An auth whose `failing`-th database operation (1: the account, 2: the lookup, 3: the session) throws. */
  function authFailingAt(failing: number) {
    let calls = 0;
    return createAuth({
      account: TEST_ACCOUNT,
      keys: setup.keys,
      storage: () => setup.storage,
      database: () => {
        calls += 1;
        if (calls === failing) throw Object.assign(new Error('disk full'), { name: 'QuotaExceededError' });
        return setup.db;
      },
    });
  }
  const unavailable = { ok: false, reason: 'storage-unavailable', message: STORAGE_UNAVAILABLE_MESSAGE };

  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("never signs in with an earlier build's password when the account cannot be updated", async () => {
    // The browser still holds the admin of a build whose password was 'another passphrase'.
    await syncAdminAccount(
      { ...TEST_ACCOUNT, passwordHash: ANOTHER_PASSWORD_HASH },
      { database: () => setup.db },
    );
    expect(await authFailingAt(1).signIn('therapist', 'another passphrase')).toEqual(unavailable);
    expect(await setup.db.sessions.count()).toBe(0);
    expect(setup.storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('reports unusable storage, not wrong credentials, when the user cannot be looked up', async () => {
    expect(await authFailingAt(2).signIn('therapist', PASSWORD)).toEqual(unavailable);
  });

  it('gives no token when the session cannot be stored', async () => {
    expect(await authFailingAt(3).signIn('therapist', PASSWORD)).toEqual(unavailable);
    expect(setup.storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('leaves no session behind when the token cannot be signed', async () => {
    vi.spyOn(setup.keys, 'getKey').mockRejectedValue(new Error('no key'));
    expect(await setup.auth.signIn('therapist', PASSWORD)).toEqual(unavailable);
    expect(await setup.db.sessions.count()).toBe(0);
    expect(setup.storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('removes sessions that have ended, and only those, at the next sign-in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-02T09:00:00Z'));
    const ended = await setup.auth.signIn('therapist', PASSWORD);
    vi.setSystemTime(new Date('2025-06-02T11:30:00Z'));
    const live = await setup.auth.signIn('therapist', PASSWORD);
    vi.setSystemTime(new Date('2025-06-02T12:00:00Z'));
    const latest = await setup.auth.signIn('therapist', PASSWORD);
    if (!ended.ok || !live.ok || !latest.ok) throw new Error('sign-in failed');
    expect((await setup.db.sessions.toArray()).map((session) => session.id).sort()).toEqual(
      [live.session.id, latest.session.id].sort(),
    );
  });
});

describe('the session check', () => {
  it('accepts the stored token of a live session', async () => {
    const result = await setup.auth.signIn('therapist', PASSWORD);
    expect(result.ok).toBe(true);
    expect(await setup.auth.currentSession()).toEqual(result.ok ? result.session : undefined);
  });

  it('has no session without a token', async () => {
    expect(await setup.auth.currentSession()).toBeUndefined();
  });

  it('ends at exactly two hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-02T09:00:00.250Z'));
    const result = await setup.auth.signIn('therapist', PASSWORD);
    expect(result.ok).toBe(true);

    vi.setSystemTime(new Date('2025-06-02T11:00:00.249Z'));
    expect(await setup.auth.currentSession()).toBeDefined();

    vi.setSystemTime(new Date('2025-06-02T11:00:00.250Z'));
    expect(await setup.auth.currentSession()).toBeUndefined();
    // The invalid token is removed.
    expect(setup.storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('never lasts more than two hours from now, whatever the clock said at sign-in', async () => {
    // Signed in while the computer's clock was a day ahead; the clock is then put right. The
    // session must not outlive its two hours by that day (a forgotten tab stays open a day longer).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-03T09:00:00Z'));
    const result = await setup.auth.signIn('therapist', PASSWORD);
    expect(result.ok).toBe(true);

    vi.setSystemTime(new Date('2025-06-02T09:00:00Z'));
    expect(await setup.auth.currentSession()).toBeUndefined();
    expect(setup.storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('survives a clock that is put back by a few seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-02T09:00:30Z'));
    const result = await setup.auth.signIn('therapist', PASSWORD);
    expect(result.ok).toBe(true);

    vi.setSystemTime(new Date('2025-06-02T09:00:00Z'));
    expect(await setup.auth.currentSession()).toEqual(result.ok ? result.session : undefined);
  });

  it('tolerates a clock put back by CLOCK_TOLERANCE_MS (one minute), not a millisecond more', async () => {
    expect(CLOCK_TOLERANCE_MS).toBe(60_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-02T09:01:00Z'));
    const result = await setup.auth.signIn('therapist', PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');

    vi.setSystemTime(new Date('2025-06-02T09:00:00Z'));
    expect(await setup.auth.verifyToken(result.token)).toEqual(result.session);
    vi.setSystemTime(new Date('2025-06-02T08:59:59.999Z'));
    expect(await setup.auth.verifyToken(result.token)).toBeUndefined();
  });

  it("refuses a session whose user is gone, or is not this build's admin", async () => {
    const result = await setup.auth.signIn('therapist', PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');
    // A build whose admin has another username (with the same stored value) does not keep it...
    const renamed = createAuth({
      account: { ...TEST_ACCOUNT, username: 'someone-else' },
      database: () => setup.db,
      keys: setup.keys,
      storage: () => setup.storage,
    });
    expect(await renamed.verifyToken(result.token)).toBeUndefined();
    // ...and a session left without its user is refused, not a crash.
    await setup.db.users.clear();
    await expect(setup.auth.verifyToken(result.token)).resolves.toBeUndefined();
  });

  it('refuses a valid token whose session was deleted', async () => {
    const result = await setup.auth.signIn('therapist', PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');
    await setup.db.sessions.delete(result.session.id);
    expect(await setup.auth.verifyToken(result.token)).toBeUndefined();
  });

  it('refuses a valid token whose session has expired in the store', async () => {
    const result = await setup.auth.signIn('therapist', PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');
    await setup.db.sessions.update(result.session.id, { expiresAt: new Date(Date.now() - 1) });
    expect(await setup.auth.verifyToken(result.token)).toBeUndefined();
  });

  it('refuses a token naming another user than its session', async () => {
    const result = await setup.auth.signIn('therapist', PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');
    const other = await signSessionToken(
      {
        sessionId: result.session.id,
        userId: result.session.userId + 1,
        expiresAt: result.session.expiresAt,
      },
      await setup.keys.getKey(),
    );
    expect(await setup.auth.verifyToken(other)).toBeUndefined();
  });

  it('refuses tampered, unsigned and foreign tokens', async () => {
    const result = await setup.auth.signIn('therapist', PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');
    const [header, payload, signature] = result.token.split('.');
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    const unsignedHeader = btoa(JSON.stringify({ alg: 'none', typ: 'JWT' })).replace(/=+$/, '');
    const elsewhere = isolatedAuth(TEST_ACCOUNT);
    const foreign = await elsewhere.auth.signIn('therapist', PASSWORD);
    for (const token of [
      'garbage',
      `${header}.${payload}.${flipped}`,
      `${unsignedHeader}.${payload}.`,
      foreign.ok ? foreign.token : '',
    ]) {
      expect(await setup.auth.verifyToken(token)).toBeUndefined();
    }
    elsewhere.db.close();
  });

  it('keeps the key in the browser: a new store on the same database reads old tokens', async () => {
    const result = await setup.auth.signIn('therapist', PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');
    const { createSigningKeyStore } = await import('@/lib/auth/signing-key');
    const { IDBKeyRange } = await import('fake-indexeddb');
    const reopened = createSigningKeyStore({ indexedDB: setup.indexedDB, IDBKeyRange });
    const key = await reopened.getKey();
    expect(key.extractable).toBe(false);
    expect(await readSessionToken(result.token, key)).toBeDefined();
  });

  it("fails, rather than waits for good, when the key's database never answers", async () => {
    // An open request that never completes, as a browser gives when another connection blocks it:
    // each admin page waited on "Loading..." for good, while BlogDatabase's calls give up at 5 s.
    const { createSigningKeyStore } = await import('@/lib/auth/signing-key');
    const { IDBKeyRange, indexedDB } = await import('fake-indexeddb');
    const silent = { ...indexedDB, cmp: indexedDB.cmp.bind(indexedDB), open: () => ({}) };
    const stuck = createSigningKeyStore({ indexedDB: silent as unknown as IDBFactory, IDBKeyRange }, 50);
    await expect(stuck.getKey()).rejects.toThrow(/reading the signing key did not finish within 50 ms/);
    const result = await setup.auth.signIn('therapist', PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');
    const { verifySessionToken } = await import('@/lib/auth/session-check');
    expect(await verifySessionToken(result.token, stuck)).toBeUndefined();
  });

  it("keeps the key in the documented 'BlogAuthKeys' database", async () => {
    await setup.keys.getKey();
    expect((await setup.indexedDB.databases()).map((database) => database.name)).toContain('BlogAuthKeys');
  });

  it('gives two tabs making the first key at once the same key', async () => {
    const { createSigningKeyStore } = await import('@/lib/auth/signing-key');
    const { IDBKeyRange } = await import('fake-indexeddb');
    const otherTab = createSigningKeyStore({ indexedDB: setup.indexedDB, IDBKeyRange });
    const [mine, theirs] = await Promise.all([setup.keys.getKey(), otherTab.getKey()]);
    const token = await signSessionToken(
      { sessionId: 'abc', userId: 1, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) },
      mine,
    );
    expect(await readSessionToken(token, theirs)).toBeDefined();
  });

  it('tries again after the key could not be made, rather than failing for good', async () => {
    const generateKey = vi.spyOn(crypto.subtle, 'generateKey').mockRejectedValueOnce(new Error('busy'));
    try {
      await expect(setup.keys.getKey()).rejects.toThrow('busy');
      expect((await setup.auth.signIn('therapist', PASSWORD)).ok).toBe(true);
    } finally {
      generateKey.mockRestore();
    }
  });

  it('does not accept tokens after the key is reset', async () => {
    const result = await setup.auth.signIn('therapist', PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');
    await setup.keys.reset();
    expect(await setup.auth.verifyToken(result.token)).toBeUndefined();
  });
});

describe('isSignedIn (a public page asking before it shows drafts)', () => {
  it("is true only for a live session's token under auth_token", async () => {
    const options = { database: () => setup.db };
    const storage = () => setup.storage;
    expect(await isSignedIn(storage, setup.keys, options)).toBe(false);
    const result = await setup.auth.signIn('therapist', PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');
    expect(setup.storage.getItem('auth_token')).toBe(result.token);
    expect(await isSignedIn(storage, setup.keys, options)).toBe(true);
    await setup.db.sessions.clear();
    expect(await isSignedIn(storage, setup.keys, options)).toBe(false);
  });

  it('is false, not an error, when storage cannot be read', async () => {
    await setup.auth.signIn('therapist', PASSWORD);
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    expect(await isSignedIn(blocked, setup.keys, { database: () => setup.db })).toBe(false);
  });
});

describe('where the tokens are kept (storage.ts)', () => {
  it('keeps the session token in localStorage (SPEC) and the CSRF token in the tab', () => {
    const local = memoryStorage();
    const tab = memoryStorage();
    vi.stubGlobal('window', { localStorage: local, sessionStorage: tab });
    try {
      expect(browserStorage()).toBe(local);
      expect(tabStorage()).toBe(tab);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('stores strings in memory, as Web Storage does', () => {
    const storage = memoryStorage();
    storage.setItem('count', 5 as unknown as string);
    expect(storage.getItem('count')).toBe('5');
    expect(storage.getItem('missing')).toBeNull();
  });
});

describe('sign-out', () => {
  it('deletes the session and the token', async () => {
    const result = await setup.auth.signIn('therapist', PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');
    await setup.auth.signOut();
    expect(await setup.db.sessions.get(result.session.id)).toBeUndefined();
    expect(setup.storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(await setup.auth.verifyToken(result.token)).toBeUndefined();
  });

  it('deletes the session of an expired token too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-02T09:00:00Z'));
    const result = await setup.auth.signIn('therapist', PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');
    vi.setSystemTime(new Date('2025-06-02T12:00:00Z'));
    await setup.auth.signOut();
    expect(await setup.db.sessions.count()).toBe(0);
  });

  it("clears the tab's CSRF token with the session", async () => {
    const tab = memoryStorage();
    tab.setItem(CSRF_TOKEN_KEY, 'a'.repeat(64));
    vi.stubGlobal('window', { sessionStorage: tab });
    try {
      await setup.auth.signIn('therapist', PASSWORD);
      await setup.auth.signOut();
      expect(tab.getItem(CSRF_TOKEN_KEY)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does nothing harmful when nobody is signed in', async () => {
    await expect(setup.auth.signOut()).resolves.toBeUndefined();
  });
});
