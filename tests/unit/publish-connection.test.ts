// Which backend "Publish to website" uses (src/lib/publish/connection.ts), the localhost-only test
// override, and the GitHub sign-in: Decap's OAuth handshake and the reuse of a Decap session.
import { describe, expect, it, vi } from 'vitest';
import {
  connect,
  localBackendUrl,
  LOCAL_BACKEND_URL_KEY,
  NO_TARGET,
  type PublishTarget,
} from '@/lib/publish/connection';
import { authorizeUrl, awaitOAuthToken, siteIdFor } from '@/lib/publish/github-auth';
import {
  DECAP_USER_KEY,
  GITHUB_SESSION_KEY,
  readGitHubSession,
  saveGitHubSession,
  signOutOfGitHub,
} from '@/lib/publish/github-token';
import { readFileSync } from 'node:fs';
import { parseCmsConfig } from '@/lib/config/cms-config.mjs';
import { DEFAULT_BRANCH, publishTarget } from '@/lib/config/publish-target.mjs';
import { adminConnectSources, cmsRelaxations } from '../../src/integrations/security.mjs';
import { outcomeText } from '@/islands/admin/usePublishing';
import { whenVisitorsSee } from '@/lib/publish/publish-state';
import { MemoryStorage } from '../helpers';

const targetFromConfig = (yaml: string, env?: Record<string, string | undefined>) =>
  publishTarget(parseCmsConfig(yaml), env);

const target: PublishTarget = {
  name: 'github',
  repo: 'bright-path/site',
  branch: 'main',
  apiRoot: 'https://api.github.com',
  baseUrl: 'https://auth.example.org',
  authEndpoint: 'auth',
  siteDomain: '',
  localBackendUrl: 'http://localhost:8081/api/v1',
};

describe('the publishing target from admin/config.yml', () => {
  it('reads the backend, branch, OAuth provider and local backend', () => {
    const yaml =
      'backend:\n  name: github\n  repo: o/r\n  branch: main\n  base_url: https://auth.example.org\nlocal_backend: true\n';
    expect(targetFromConfig(yaml)).toMatchObject({
      name: 'github',
      repo: 'o/r',
      branch: 'main',
      baseUrl: 'https://auth.example.org',
      authEndpoint: 'auth',
      localBackendUrl: 'http://localhost:8081/api/v1',
    });
    expect(targetFromConfig('backend:\n  name: git-gateway\n')).toMatchObject({
      name: 'git-gateway',
      localBackendUrl: '',
    });
  });

  it("publishes to Decap's default branch when the file names none, as the CMS commits there", () => {
    // Decap's GitHub backend: `this.branch = config.backend.branch?.trim() || 'master'`.
    const decap = readFileSync('node_modules/decap-cms-backend-github/dist/esm/implementation.js', 'utf8');
    const decapDefault = /this\.branch = config\.backend\.branch\?\.trim\(\) \|\| '([^']+)'/.exec(decap)?.[1];
    expect(decapDefault).toBe(DEFAULT_BRANCH);
    for (const yaml of ['backend:\n  name: github\n', "backend:\n  name: github\n  branch: ' '\n", ''])
      expect(targetFromConfig(yaml).branch, yaml).toBe(DEFAULT_BRANCH);
    expect(targetFromConfig('backend:\n  name: github\n  branch: ' + " ' live '\n").branch).toBe('live');
    // The admin's own fallback, where no build read the file, is the same rule.
    expect(NO_TARGET).toEqual(publishTarget({}, {}));
    expect(NO_TARGET.branch).toBe(DEFAULT_BRANCH);
  });

  it("lets the admin pages connect to the GitHub API, and to decap-server's own address only in a loopback build", () => {
    const config = 'backend:\n  name: github\nlocal_backend: true\n';
    for (const site of ['http://localhost:4321', 'http://127.0.0.1:8080', 'http://[::1]:4321']) {
      expect(adminConnectSources(config, site)).toEqual(['https://api.github.com', 'http://localhost:8081']);
    }
    // A build for the public site: no port of this computer, whatever local_backend says.
    for (const site of ['https://www.example.org', 'http://intranet.example', '']) {
      expect(adminConnectSources(config, site)).toEqual(['https://api.github.com']);
    }
    const own = 'backend:\n  name: github\nlocal_backend:\n  url: http://127.0.0.1:8082/api/v1\n';
    expect(adminConnectSources(own, 'http://localhost:4321')).toEqual([
      'https://api.github.com',
      'http://127.0.0.1:8082',
    ]);
    // local_backend pointing off this computer is never allowed.
    const away = 'backend:\n  name: github\nlocal_backend:\n  url: https://evil.example/api/v1\n';
    expect(adminConnectSources(away, 'http://localhost:4321')).toEqual(['https://api.github.com']);
    expect(adminConnectSources('backend:\n  name: gitlab\n', 'http://localhost:4321')).toEqual([]);
  });

  it("lets the CMS page connect to decap-server only in a loopback build, as the admin's pages", () => {
    const config = 'backend:\n  name: github\nlocal_backend: true\n';
    for (const siteUrl of ['http://localhost:4321', 'http://127.0.0.1:8080', 'http://[::1]:4321']) {
      expect(cmsRelaxations(config, { siteUrl, env: {} }).connect).toContain('http://localhost:8081');
    }
    // A build for the public site (a Netlify or Cloudflare Pages deploy): no port of this computer.
    for (const siteUrl of ['https://www.example.org', 'http://intranet.example', '']) {
      expect(cmsRelaxations(config, { siteUrl, env: {} }).connect).toEqual([
        'https://api.github.com',
        'blob:',
      ]);
      expect(cmsRelaxations(config, { siteUrl, env: { DECAP_SERVER_PORT: '8093' } }).connect).toEqual([
        'https://api.github.com',
        'blob:',
      ]);
    }
    // local_backend pointing off this computer is never allowed.
    const away = 'backend:\n  name: github\nlocal_backend:\n  url: https://evil.example/api/v1\n';
    expect(cmsRelaxations(away, { siteUrl: 'http://localhost:4321', env: {} }).connect).toEqual([
      'https://api.github.com',
      'blob:',
    ]);
  });

  it('follows DECAP_SERVER_PORT (npm run cms), in the admin and in the CMS policy', () => {
    const yaml = 'backend:\n  name: github\nlocal_backend: true\n';
    const env = { DECAP_SERVER_PORT: '8093' };
    expect(targetFromConfig(yaml, env).localBackendUrl).toBe('http://localhost:8093/api/v1');
    const siteUrl = 'http://localhost:4321';
    expect(cmsRelaxations(yaml, { siteUrl, env }).connect).toContain('http://localhost:8093');
    expect(cmsRelaxations(yaml, { siteUrl, env }).connect).not.toContain('http://localhost:8081');
    // Unset: admin/config.yml's url, else Decap's default; local_backend off: none at all.
    expect(
      targetFromConfig('local_backend:\n  url: http://localhost:8095/api/v1\n', {}).localBackendUrl,
    ).toBe('http://localhost:8095/api/v1');
    expect(targetFromConfig('backend:\n  name: github\n', env).localBackendUrl).toBe('');
    for (const wrong of ['80a', '0', '70000', '-1'])
      expect(() => targetFromConfig(yaml, { DECAP_SERVER_PORT: wrong }), wrong).toThrow(/DECAP_SERVER_PORT/);
  });
});

/** The message after a publish of content/posts/{file}, recorded in this browser. */
const publishedText = (
  outcome: { file: string; pictures?: string[]; commit: { committed: boolean; sha: string } },
  title: string,
) =>
  outcomeText({ action: 'publish', recorded: true, ...outcome } as Parameters<typeof outcomeText>[0], title);

describe('the message after a publish to the project folder', () => {
  it('gives git steps that show and stage a new file', () => {
    const text = publishedText(
      { file: 'a-new-post.md', commit: { committed: false, sha: '' } },
      'A new post',
    );
    expect(text).toContain(
      '“git status” lists it; “git add content/posts/a-new-post.md”, then commit and push it',
    );
    expect(text).not.toContain('git diff');
  });

  it('names the pictures written with the post, so the commit takes them too', () => {
    const text = publishedText(
      {
        file: 'calm-corner.md',
        pictures: [
          'content/posts/images/calm-corner-chart.png',
          'content/posts/images/calm-corner-photo.webp',
        ],
        commit: { committed: false, sha: '' },
      },
      'Calm corner',
    );
    expect(text).toContain('Wrote content/posts/calm-corner.md and its pictures in the project folder');
    expect(text).toContain(
      '“git status” lists them; “git add content/posts/calm-corner.md content/posts/images/calm-corner-chart.png ' +
        'content/posts/images/calm-corner-photo.webp”, then commit and push them',
    );
  });
});

describe('when visitors see a published change', () => {
  it('is by itself where the host builds each change, and after an update on the practice’s own server', () => {
    expect(whenVisitorsSee(true)).toBe(
      'once the site has been built again, which happens by itself after each change',
    );
    expect(whenVisitorsSee(false)).toBe(
      "once the website's server has been updated with it, which the person who looks after the server does",
    );
    // This build is neither (the unit tests' build-derived values): the admin's message says so.
    const text = publishedText(
      { file: 'a-new-post.md', commit: { committed: true, sha: 'abc' } },
      'A new post',
    );
    expect(text).toContain(`Visitors see it ${whenVisitorsSee(false)}.`);
  });
});

describe('the local backend address', () => {
  it('is used on localhost only, and an override only when it is a loopback address', () => {
    const storage = new MemoryStorage();
    expect(localBackendUrl(target, 'www.example.org', storage)).toBeUndefined();
    expect(localBackendUrl(target, 'localhost', storage)).toBe('http://localhost:8081/api/v1');
    storage.setItem(LOCAL_BACKEND_URL_KEY, 'http://127.0.0.1:8086/api/v1');
    expect(localBackendUrl(target, '127.0.0.1', storage)).toBe('http://127.0.0.1:8086/api/v1');
    expect(localBackendUrl(target, 'www.example.org', storage)).toBeUndefined();
    storage.setItem(LOCAL_BACKEND_URL_KEY, 'https://evil.example/api/v1');
    expect(localBackendUrl(target, 'localhost', storage)).toBe('http://localhost:8081/api/v1');
    expect(localBackendUrl({ ...target, localBackendUrl: '' }, 'localhost', storage)).toBeUndefined();
  });

  it('falls back to GitHub when decap-server does not answer, like Decap', async () => {
    const storage = new MemoryStorage();
    const refused = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const connection = await connect({
      target,
      hostname: 'localhost',
      storage,
      tabStorage: new MemoryStorage(),
      fetch: refused as typeof fetch,
    });
    expect(refused).toHaveBeenCalledOnce();
    expect(connection).toMatchObject({
      kind: 'github-signed-out',
      localTried: true,
      provider: { siteId: 'demo.decapcms.org' },
    });
  });

  it('uses decap-server when it answers', async () => {
    const info = vi.fn(() =>
      Promise.resolve(Response.json({ repo: 'site', publish_modes: ['simple'], type: 'local_fs' })),
    );
    const connection = await connect({
      target,
      hostname: 'localhost',
      storage: new MemoryStorage(),
      tabStorage: new MemoryStorage(),
      fetch: info as typeof fetch,
    });
    expect(connection).toMatchObject({ kind: 'local', commits: false });
  });

  it('says other backends are not supported', async () => {
    const connection = await connect({
      target: { ...target, name: 'gitlab' },
      hostname: 'www.example.org',
      storage: new MemoryStorage(),
      tabStorage: new MemoryStorage(),
    });
    expect(connection).toEqual({ kind: 'unsupported', backendName: 'gitlab', localTried: false });
  });
});

describe('the connection, from the configured target', () => {
  it('never uses a configured local backend that is not a loopback address, and survives blocked storage', () => {
    const storage = new MemoryStorage();
    expect(
      localBackendUrl({ ...target, localBackendUrl: 'http://example.org:8081/api/v1' }, 'localhost', storage),
    ).toBeUndefined();
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    } as unknown as Storage;
    expect(localBackendUrl(target, 'localhost', blocked)).toBe('http://localhost:8081/api/v1');
  });

  it('says the local server was tried before an unsupported backend, and takes the configured site_id', async () => {
    const refused = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const options = {
      hostname: 'localhost',
      storage: new MemoryStorage(),
      tabStorage: new MemoryStorage(),
      fetch: refused,
    };
    expect(await connect({ ...options, target: { ...target, name: 'gitlab' } })).toEqual({
      kind: 'unsupported',
      backendName: 'gitlab',
      localTried: true,
    });
    expect(await connect({ ...options, target: { ...target, siteDomain: 'cms.example.org' } })).toMatchObject(
      {
        kind: 'github-signed-out',
        provider: { siteId: 'cms.example.org', baseUrl: 'https://auth.example.org', authEndpoint: 'auth' },
      },
    );
  });

  it("talks to the configured API, repository and branch with the session's token", async () => {
    const tab = new MemoryStorage();
    tab.setItem(GITHUB_SESSION_KEY, JSON.stringify({ token: 'gho_admin' }));
    const asked: [string, RequestInit | undefined][] = [];
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push([String(input), init]);
      return new Response('{"message":"Not Found"}', { status: 404 });
    }) as typeof fetch;
    const connection = await connect({
      target: { ...target, apiRoot: 'https://github.example.org/api/v3', branch: 'live' },
      hostname: 'www.example.org',
      storage: new MemoryStorage(),
      tabStorage: tab,
      fetch: fetchFn,
    });
    if (connection.kind !== 'github') throw new Error(`connected as ${connection.kind}`);
    // The answer does not matter here (a 404 reads as a repository out of reach); the request does.
    await connection.backend.readFile('content/posts/a.md').catch(() => undefined);
    expect(asked.map(([url]) => url)).toContain(
      'https://github.example.org/api/v3/repos/bright-path/site/contents/content/posts/a.md?ref=live',
    );
    for (const [url, init] of asked) {
      expect(url.startsWith('https://github.example.org/api/v3/repos/bright-path/site')).toBe(true);
      expect(new Headers(init?.headers).get('Authorization')).toMatch(/gho_admin/);
    }
  });
});

describe('GitHub sign-in', () => {
  it('reuses a Decap CMS GitHub session, prefers its own, and signs out of both', async () => {
    const tab = new MemoryStorage();
    const shared = new MemoryStorage();
    expect(readGitHubSession(tab, shared)).toBeUndefined();
    shared.setItem(
      DECAP_USER_KEY,
      JSON.stringify({ backendName: 'github', token: 'gho_decap', login: 'therapist' }),
    );
    expect(readGitHubSession(tab, shared)).toEqual({
      token: 'gho_decap',
      source: 'decap',
      login: 'therapist',
    });
    const connection = await connect({
      target,
      hostname: 'www.example.org',
      storage: shared,
      tabStorage: tab,
    });
    expect(connection).toMatchObject({ kind: 'github', session: { source: 'decap' } });
    tab.setItem(GITHUB_SESSION_KEY, JSON.stringify({ token: 'gho_admin' }));
    expect(readGitHubSession(tab, shared)).toMatchObject({ token: 'gho_admin', source: 'admin' });
    signOutOfGitHub(tab, shared);
    expect(readGitHubSession(tab, shared)).toBeUndefined();
  });

  it("keeps the admin's own token in the tab's storage only, and forgets a copy an earlier version left in localStorage", () => {
    const tab = new MemoryStorage();
    const shared = new MemoryStorage();
    saveGitHubSession('gho_admin', tab);
    expect(tab.getItem(GITHUB_SESSION_KEY)).toContain('gho_admin');
    expect(shared.getItem(GITHUB_SESSION_KEY)).toBeNull();
    // A token in localStorage outlived the tab and the session: it is no sign-in any more...
    const leftover = new MemoryStorage();
    leftover.setItem(GITHUB_SESSION_KEY, JSON.stringify({ token: 'gho_old' }));
    expect(readGitHubSession(new MemoryStorage(), leftover)).toBeUndefined();
    // ...and signing out removes it.
    signOutOfGitHub(tab, leftover);
    expect([tab.getItem(GITHUB_SESSION_KEY), leftover.getItem(GITHUB_SESSION_KEY)]).toEqual([null, null]);
  });

  it('ignores a Decap session of another backend', () => {
    const tab = new MemoryStorage();
    const shared = new MemoryStorage();
    shared.setItem(DECAP_USER_KEY, JSON.stringify({ backendName: 'gitlab', token: 't' }));
    expect(readGitHubSession(tab, shared)).toBeUndefined();
    signOutOfGitHub(tab, shared);
    expect(shared.getItem(DECAP_USER_KEY)).not.toBeNull();
  });

  it('opens the provider as Decap does', () => {
    expect(
      authorizeUrl({
        baseUrl: 'https://auth.example.org/',
        authEndpoint: '/auth',
        siteId: 'www.example.org',
      }),
    ).toBe('https://auth.example.org/auth?provider=github&site_id=www.example.org&scope=repo');
  });

  it('sends Decap’s site_id: the configured one, else the host name, else Decap’s demo site locally', () => {
    expect(siteIdFor('www.example.org')).toBe('www.example.org');
    expect(siteIdFor('www.example.org', 'example.org')).toBe('example.org');
    // Decap's own rule (decap-cms-lib-auth, netlify-auth.js), with 127.0.0.1 for `npm start`'s address.
    expect(siteIdFor('localhost')).toBe('demo.decapcms.org');
    expect(siteIdFor('127.0.0.1')).toBe('demo.decapcms.org');
    expect(siteIdFor('localhost', 'example.org')).toBe('example.org');
  });

  /** awaitOAuthToken on a stand-in window and popup (polling every 10 ms); `send` posts to the window. */
  function signIn(origin: string, closed = false) {
    const target = new EventTarget();
    const popup = { postMessage: vi.fn(), closed };
    const waiting = awaitOAuthToken(target as unknown as Window, popup as unknown as Window, origin, 10);
    const send = (data: string, from = origin) =>
      target.dispatchEvent(new MessageEvent('message', { data, origin: from }));
    return { popup, waiting, send };
  }

  it('follows the handshake, trusting only the provider’s origin', async () => {
    const { popup, waiting, send } = signIn('https://auth.example.org');
    send('authorizing:github', 'https://evil.example');
    expect(popup.postMessage).not.toHaveBeenCalled();
    send('authorizing:github', 'https://auth.example.org');
    expect(popup.postMessage).toHaveBeenCalledWith('authorizing:github', 'https://auth.example.org');
    send('authorization:github:success:{"token":"gho_stolen","provider":"github"}', 'https://evil.example');
    send('authorization:github:success:{"token":"gho_real","provider":"github"}', 'https://auth.example.org');
    expect(await waiting).toEqual({ ok: true, token: 'gho_real' });
  });

  it('reports an error answer and a closed window', async () => {
    const failed = signIn('https://a.example');
    failed.send('authorization:github:error:{"message":"denied"}');
    expect(await failed.waiting).toMatchObject({
      ok: false,
      error: expect.stringMatching(/did not sign you in/),
    });
    const closed = signIn('https://a.example', true);
    expect(await closed.waiting).toMatchObject({
      ok: false,
      error: expect.stringMatching(/window was closed/),
    });
  });

  it('takes an answer the window posted just before closing itself, though it reads as closed first', async () => {
    const { waiting, send } = signIn('https://a.example', true);
    // Two polls have seen the closed window before the message is handled.
    await new Promise((resolve) => setTimeout(resolve, 25));
    send('authorization:github:success:{"token":"gho_late","provider":"github"}');
    expect(await waiting).toEqual({ ok: true, token: 'gho_late' });
  });
});
