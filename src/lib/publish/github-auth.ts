// Signing in to GitHub for publishing, with the OAuth provider Decap CMS already uses (`base_url` and
// `auth_endpoint` of admin/config.yml's backend; Netlify's by default): the same popup and the same
// message handshake as Decap's own sign-in (decap-cms-lib-auth, netlify-auth.js), so one provider
// serves both. A Decap sign-in in this browser (localStorage 'decap-cms-user', same origin) is reused.
// Where the token is kept, and for how long: ./github-token.ts.
import { saveGitHubSession } from './github-token';

export interface OAuthProvider {
  /** 'https://api.netlify.com' or the site's own OAuth server. */
  baseUrl: string;
  authEndpoint: string;
  /** Decap's site_id: the site's host name (Netlify's provider looks the site up by it). */
  siteId: string;
}

/** The provider's sign-in page, as Decap opens it (scope 'repo': writing to a private repository). */
export function authorizeUrl({ baseUrl, authEndpoint, siteId }: OAuthProvider): string {
  const base = baseUrl.replace(/\/+$/, '');
  const endpoint = authEndpoint.replace(/^\/+/, '');
  return `${base}/${endpoint}?provider=github&site_id=${encodeURIComponent(siteId)}&scope=repo`;
}

/**
 * The site_id Decap sends: the configured one (`site_domain`), else the host name, except that
 * localhost has none of its own and borrows Decap's demo site. This is Decap's rule, not the site's
 * "is this computer" (isLoopbackHost in src/lib/config/shared.mjs): the provider looks the site up
 * by this name, so it must be the name Decap's own sign-in sends (decap-cms-lib-auth, netlify-auth.js
 * getSiteID) for one provider to serve both. Two readings of our own: 127.0.0.1, where the tests
 * and the audits serve the site, counts as localhost, and a configured site_domain wins there too
 * (Decap's GitHub sign-in page sends the demo site on localhost whatever is configured).
 */
export function siteIdFor(hostname: string, configured = ''): string {
  if (configured) return configured;
  return hostname === 'localhost' || hostname === '127.0.0.1' ? 'demo.decapcms.org' : hostname;
}

export type SignInResult = { ok: true; token: string } | { ok: false; error: string };

/**
 * Polls after the popup reads as closed before the sign-in counts as abandoned. A provider page may
 * post its answer and close itself at once, and the closing can be seen here before that message is
 * handled (it happened under load in CI): its answer still wins in the meantime.
 */
const POLLS_AFTER_CLOSING = 4;

/**
 * Follows the provider's half of Decap's handshake on `target` (the window this page listens on):
 * the popup says 'authorizing:github', the page echoes it back, the popup answers
 * 'authorization:github:success:{"token":...}' or ':error:...'. Only messages from the provider's
 * origin count. Resolves when the popup answers, or a little after it closes (POLLS_AFTER_CLOSING).
 */
export function awaitOAuthToken(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  popup: Pick<Window, 'postMessage' | 'closed'>,
  providerOrigin: string,
  pollMs = 500,
): Promise<SignInResult> {
  return new Promise((resolve) => {
    const finish = (result: SignInResult) => {
      target.removeEventListener('message', onMessage);
      clearInterval(watch);
      resolve(result);
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== providerOrigin || typeof event.data !== 'string') return;
      const data = event.data;
      if (data === 'authorizing:github') {
        popup.postMessage(data, providerOrigin);
        return;
      }
      const success = /^authorization:github:success:(.+)$/s.exec(data);
      if (success) {
        try {
          const token: unknown = (JSON.parse(success[1]!) as { token?: unknown }).token;
          if (typeof token === 'string' && token) return finish({ ok: true, token });
        } catch {
          // falls through to the error below
        }
        return finish({
          ok: false,
          error: "GitHub's sign-in answered in a way this admin does not understand.",
        });
      }
      if (data.startsWith('authorization:github:error:')) {
        finish({
          ok: false,
          error:
            'GitHub did not sign you in. Try again, or ask whoever set up the site to check its OAuth settings.',
        });
      }
    }
    target.addEventListener('message', onMessage as EventListener);
    let pollsSinceClosed = 0;
    const watch = setInterval(() => {
      if (popup.closed && ++pollsSinceClosed > POLLS_AFTER_CLOSING)
        finish({ ok: false, error: 'The sign-in window was closed before GitHub signed you in.' });
    }, pollMs);
  });
}

/** Opens the provider's popup and waits for the token; keeps it in this browser on success. */
export async function signInWithGitHub(provider: OAuthProvider): Promise<SignInResult> {
  const url = authorizeUrl(provider);
  const popup = window.open(url, 'github-sign-in', 'width=960,height=720');
  if (!popup) {
    return {
      ok: false,
      error: 'The browser blocked the sign-in window. Allow pop-ups for this site, then try again.',
    };
  }
  const result = await awaitOAuthToken(window, popup, new URL(url).origin);
  if (result.ok) saveGitHubSession(result.token);
  return result;
}
