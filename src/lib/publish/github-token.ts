// The GitHub sign-in publishing uses, where this browser keeps it (issue 27): the admin's own token
// (scope `repo`: it writes to the repository) lasts no longer than the admin's session. It is kept in
// this tab's sessionStorage, so closing the tab forgets it, and signOutOfGitHub, which the admin's
// sign-out and the end of its session call too (src/islands/admin/AuthGate.tsx), forgets it and
// Decap CMS's copy. A sign-out in another tab reaches this one's copy through the storage event of
// the session token (forgetGitHubWhenSignedOutElsewhere). A module of its own: every admin page
// loads it, the OAuth flow only on demand.
import { AUTH_TOKEN_KEY } from '@/lib/auth/session-check';

export const GITHUB_SESSION_KEY = 'admin-github-session';
export const DECAP_USER_KEY = 'decap-cms-user';

export interface GitHubSession {
  token: string;
  /** Where it came from: this admin's own sign-in, or Decap CMS's. */
  source: 'admin' | 'decap';
  login?: string | undefined;
}

function readJson(storage: Storage, key: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The GitHub sign-in publishing uses: this admin's own, kept in `tab` (sessionStorage), or Decap
 * CMS's, which Decap keeps in `shared` (localStorage) when it runs on this origin.
 */
export function readGitHubSession(
  tab: Storage = sessionStorage,
  shared: Storage = localStorage,
): GitHubSession | undefined {
  const own = readJson(tab, GITHUB_SESSION_KEY);
  if (typeof own?.token === 'string' && own.token) {
    return {
      token: own.token,
      source: 'admin',
      login: typeof own.login === 'string' ? own.login : undefined,
    };
  }
  const decap = readJson(shared, DECAP_USER_KEY);
  if (decap?.backendName === 'github' && typeof decap.token === 'string' && decap.token) {
    return {
      token: decap.token,
      source: 'decap',
      login: typeof decap.login === 'string' ? decap.login : undefined,
    };
  }
  return undefined;
}

/** Keeps the admin's token for this tab only: closing the tab forgets it. */
export function saveGitHubSession(token: string, tab: Storage = sessionStorage): void {
  tab.setItem(GITHUB_SESSION_KEY, JSON.stringify({ token }));
}

/**
 * Forgets the GitHub sign-in in this browser: this admin's (in this tab, and in localStorage, where
 * earlier versions kept it), and Decap CMS's (which shares it). Never throws: it runs on the way out
 * of the admin, where storage may be unusable.
 */
export function signOutOfGitHub(tab?: Storage, shared?: Storage): void {
  try {
    const tabStorage = tab ?? sessionStorage;
    const sharedStorage = shared ?? localStorage;
    tabStorage.removeItem(GITHUB_SESSION_KEY);
    sharedStorage.removeItem(GITHUB_SESSION_KEY);
    if (readJson(sharedStorage, DECAP_USER_KEY)?.backendName === 'github') {
      sharedStorage.removeItem(DECAP_USER_KEY);
    }
  } catch {
    // Storage that cannot be read holds no token this admin could use either.
  }
}

/**
 * Forgets this tab's GitHub sign-in (signOutOfGitHub) as soon as the admin's session token is removed
 * in another tab of this browser: signed out there, or found ended there. Each tab keeps its own
 * copy (sessionStorage), which a sign-out elsewhere cannot reach; the `storage` event it fires here
 * can. `onForgotten` runs after (the admin page checks its session, the publishing panel drops its
 * connection). Returns the function that stops listening.
 */
export function forgetGitHubWhenSignedOutElsewhere(onForgotten: () => void): () => void {
  const listener = (event: StorageEvent) => {
    const tokenRemoved = event.key === AUTH_TOKEN_KEY && event.newValue === null;
    const storageCleared = event.key === null; // localStorage.clear(), or the site's data cleared
    if (!tokenRemoved && !storageCleared) return;
    signOutOfGitHub();
    onForgotten();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
