// Which git backend "Publish to website" uses in this browser, decided like Decap CMS decides: on
// localhost with `local_backend` on and decap-server answering, the project folder on this computer;
// otherwise the configured backend (GitHub). Any other backend: publishing is not offered.
import { publishTarget as builtTarget, type PublishTarget } from 'virtual:build-derived';
import { isLoopbackHost } from '@/lib/config/shared.mjs';
import { publishTarget as targetOfConfig } from '@/lib/config/publish-target.mjs';
import type { PublishBackend } from './backend';
import { createGitHubBackend } from './github-backend';
import { siteIdFor, type OAuthProvider } from './github-auth';
import { readGitHubSession, type GitHubSession } from './github-token';
import { createLocalBackend, isLoopbackUrl } from './local-backend';

/** admin/config.yml's backend as the build read it (src/lib/config/publish-target.mjs). */
export type { PublishTarget };

/** Where no build read admin/config.yml (the unit tests): no backend, Decap's defaults for the rest. */
export const NO_TARGET: PublishTarget = targetOfConfig({}, {});

export const publishTarget: PublishTarget = builtTarget ?? NO_TARGET;

/**
 * localStorage key that points the admin at another decap-server (tests start one on a spare port):
 * honoured only on localhost, and only for a loopback address, so it can never send posts elsewhere.
 */
export const LOCAL_BACKEND_URL_KEY = 'publish-local-backend-url';

export function localBackendUrl(
  target: PublishTarget,
  hostname: string,
  storage?: Storage,
): string | undefined {
  if (!target.localBackendUrl || !isLoopbackHost(hostname)) return undefined;
  let override: string | null = null;
  try {
    override = storage?.getItem(LOCAL_BACKEND_URL_KEY) ?? null;
  } catch {
    override = null;
  }
  const url = override && isLoopbackUrl(override) ? override : target.localBackendUrl;
  return isLoopbackUrl(url) ? url : undefined;
}

export type Connection =
  | { kind: 'local'; backend: PublishBackend; commits: boolean }
  | { kind: 'github'; backend: PublishBackend; session: GitHubSession }
  | { kind: 'github-signed-out'; provider: OAuthProvider; localTried: boolean }
  | { kind: 'unsupported'; backendName: string; localTried: boolean };

export interface ConnectOptions {
  target?: PublishTarget;
  hostname?: string;
  /** localStorage: the local backend override, and Decap CMS's sign-in. */
  storage?: Storage;
  /** sessionStorage: the admin's own GitHub sign-in, for this tab only. */
  tabStorage?: Storage;
  fetch?: typeof fetch;
}

/** Never throws: a local server that does not answer counts as not there. */
export async function connect(options: ConnectOptions = {}): Promise<Connection> {
  const {
    target = publishTarget,
    hostname = window.location.hostname,
    storage = localStorage,
    tabStorage = sessionStorage,
    fetch: fetchFn = (...args: Parameters<typeof fetch>) => fetch(...args),
  } = options;
  const localUrl = localBackendUrl(target, hostname, storage);
  if (localUrl) {
    const local = createLocalBackend({ url: localUrl, branch: target.branch, fetch: fetchFn });
    try {
      const info = await local.info();
      return { kind: 'local', backend: local, commits: info.type === 'local_git' };
    } catch {
      // Not running: like Decap, fall back to the configured backend.
    }
  }
  if (target.name !== 'github')
    return { kind: 'unsupported', backendName: target.name, localTried: !!localUrl };
  const session = readGitHubSession(tabStorage, storage);
  if (!session) {
    return {
      kind: 'github-signed-out',
      localTried: !!localUrl,
      provider: {
        baseUrl: target.baseUrl,
        authEndpoint: target.authEndpoint,
        siteId: siteIdFor(hostname, target.siteDomain),
      },
    };
  }
  const backend = createGitHubBackend({
    repo: target.repo,
    branch: target.branch,
    token: session.token,
    apiRoot: target.apiRoot,
    fetch: fetchFn,
  });
  return { kind: 'github', backend, session };
}
