/**
 * The auth check of every protected page (SPEC 4): 'Loading...' while it runs, then the page, or
 * a redirect to /login that remembers where the admin was going. The check runs again every
 * 30 seconds and whenever the tab comes back into view, so a session that ends while the page is
 * open (after two hours, or signed out in another tab) leads to the login page too; pages keep
 * their unsaved work first (useBeforeSignInRedirect).
 *
 * Once allowed, the page gets the session, this tab's CSRF token for its writes, and `confirm()`,
 * which state-changing actions call first: it checks the session and the CSRF token again.
 *
 * The GitHub sign-in of "Publish to website" lasts no longer than the admin's session: signing out,
 * and any check that finds no session, forget it in this browser (Decap CMS's copy too); a sign-out
 * in another tab forgets this tab's copy at once, and the session is checked then.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { CSRF_MISMATCH_MESSAGE, ensureCsrfToken, validateCsrfToken } from '@/lib/auth/csrf';
import { LOGIN_PATH, loginUrlFor } from '@/lib/auth/redirect';
import { auth as defaultAuth, type Auth } from '@/lib/auth/session';
import { requestPersistentStorage } from '@/lib/admin/persistent-storage';
import type { Session } from '@/lib/db';
import { forgetGitHubWhenSignedOutElsewhere, signOutOfGitHub } from '@/lib/publish/github-token';
import { leaveTo } from './leave-guard';

export const RECHECK_INTERVAL_MS = 30_000;
export const LOADING_TEXT = 'Loading...';

export type ActionCheck = { ok: true } | { ok: false; message: string };

export interface AdminSession {
  session: Session;
  csrfToken: string;
  /** Checks the session and the CSRF token before a write; redirects to sign in if the session ended. */
  confirm(): Promise<ActionCheck>;
  signOut(): Promise<void>;
  /** Registers work to keep before a redirect to the login page; returns the unregister function. */
  onBeforeRedirect(callback: () => void): () => void;
}

const AdminSessionContext = createContext<AdminSession | null>(null);

export function useAdminSession(): AdminSession {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error('useAdminSession() is only available inside <AuthGate>.');
  return value;
}

/** Runs `callback` (kept current) just before the page leaves for the login page. */
export function useBeforeSignInRedirect(callback: () => void): void {
  const { onBeforeRedirect } = useAdminSession();
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => onBeforeRedirect(() => latest.current()), [onBeforeRedirect]);
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

interface AuthGateProps {
  children: ReactNode;
  /** For tests; the shared auth otherwise. */
  auth?: Auth;
  /** For tests; goes to the login page otherwise. */
  onRedirect?: (href: string) => void;
}

type GateState = { status: 'checking' } | { status: 'allowed'; session: Session } | { status: 'redirecting' };

/**
 * What the gate keeps outside React's state because it never changes what is shown: the work to
 * keep before leaving, and whether the page is already on its way to the login page.
 */
class LeaveBook {
  private readonly callbacks = new Set<() => void>();
  private leaving = false;

  add(callback: () => void): () => void {
    this.callbacks.add(callback);
    return () => void this.callbacks.delete(callback);
  }

  keepWork(): void {
    for (const callback of this.callbacks) {
      try {
        callback();
      } catch (error) {
        console.error('[admin] could not keep the page before leaving it:', error);
      }
    }
  }

  /** True the first time only. */
  startLeaving(): boolean {
    if (this.leaving) return false;
    this.leaving = true;
    return true;
  }
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function AuthGate({ children, auth = defaultAuth, onRedirect }: AuthGateProps) {
  const [state, setState] = useState<GateState>({ status: 'checking' });
  const [csrfToken, setCsrfToken] = useState('');
  const [book] = useState(() => new LeaveBook());

  const redirectToLogin = useCallback(
    (sessionEnded: boolean) => {
      signOutOfGitHub();
      if (!book.startLeaving()) return;
      book.keepWork();
      setState({ status: 'redirecting' });
      const login = loginUrlFor(currentPath());
      const href = sessionEnded ? `${login}${login.includes('?') ? '&' : '?'}expired=1` : login;
      if (onRedirect) onRedirect(href);
      else leaveTo(href, { replace: true });
    },
    [onRedirect, book],
  );

  const check = useCallback(
    async (wasAllowed: boolean) => {
      const session = await auth.currentSession();
      if (!session) {
        redirectToLogin(wasAllowed);
        return undefined;
      }
      return session;
    },
    [auth, redirectToLogin],
  );

  useEffect(() => {
    let cancelled = false;
    void auth.currentSession().then((session) => {
      if (cancelled) return;
      if (!session) {
        redirectToLogin(false);
        return;
      }
      setCsrfToken(ensureCsrfToken());
      setState({ status: 'allowed', session });
      void requestPersistentStorage();
    });
    return () => {
      cancelled = true;
    };
  }, [auth, redirectToLogin]);

  const allowed = state.status === 'allowed';
  useEffect(() => {
    if (!allowed) return;
    const recheck = () => void check(true);
    const timer = window.setInterval(recheck, RECHECK_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') recheck();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', recheck);
    const stopForgetting = forgetGitHubWhenSignedOutElsewhere(recheck);
    return () => {
      stopForgetting();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', recheck);
    };
  }, [allowed, check]);

  const confirm = useCallback(async (): Promise<ActionCheck> => {
    if (!(await check(true))) return { ok: false, message: SESSION_ENDED_MESSAGE };
    if (!validateCsrfToken(csrfToken)) return { ok: false, message: CSRF_MISMATCH_MESSAGE };
    return { ok: true };
  }, [check, csrfToken]);

  const signOut = useCallback(async () => {
    book.keepWork();
    signOutOfGitHub();
    await auth.signOut();
    book.startLeaving();
    setState({ status: 'redirecting' });
    if (onRedirect) onRedirect(LOGIN_PATH);
    else leaveTo(LOGIN_PATH);
  }, [auth, book, onRedirect]);

  const onBeforeRedirect = useCallback((callback: () => void) => book.add(callback), [book]);

  const session = state.status === 'allowed' ? state.session : undefined;
  const value = useMemo<AdminSession | undefined>(
    () => (session ? { session, csrfToken, confirm, signOut, onBeforeRedirect } : undefined),
    [session, csrfToken, confirm, signOut, onBeforeRedirect],
  );

  if (!session || !value) {
    return (
      <p role="status" className="py-8 text-lg text-ink-muted">
        {LOADING_TEXT}
      </p>
    );
  }
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}
