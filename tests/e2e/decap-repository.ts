// The publishing suites' repository (publish, scheduling, the staff walkthrough, Decap CMS's
// pictures): a temporary folder filled by the suite (by default a copy of content/), committed on
// main, with the real decap-server on it (fs mode, loopback only, as `npm run cms` runs it) on a free
// port. The admin is pointed at it through its localhost-only override (localStorage
// 'publish-local-backend-url', src/lib/publish/connection.ts); Decap CMS, which talks to
// localhost:8081 (admin/config.yml), through `useDecapCmsRoute`.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from './fixtures';
import { freePort, startDecapServer } from '../process';

/** This checkout's root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DecapRepository {
  /** The folder decap-server writes into (filled in before the file's first test). */
  dir: string;
  /** decap-server's API, http://127.0.0.1:PORT/api/v1. */
  apiUrl: string;
}

/** Runs git in `dir` as the suites' author; returns what it printed. */
export function gitIn(dir: string): (...args: string[]) => string {
  return (...args) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], {
      cwd: dir,
      stdio: 'pipe',
    }).toString();
}

/** The default filling: a copy of the site's content/, all decap-server's fs mode needs. */
async function copyContent(dir: string): Promise<void> {
  await cp(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
}

/**
 * Sets up the repository for the tests of the calling file: before all, a new temporary folder
 * named after `prefix`, filled by `fill`, committed on main, served by decap-server; before each,
 * the admin pointed at it; after all, the server stopped and the folder removed.
 */
export function useDecapRepository(
  prefix: string,
  fill: (dir: string) => Promise<void> = copyContent,
): DecapRepository {
  const repository: DecapRepository = { dir: '', apiUrl: '' };
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    repository.dir = await mkdtemp(path.join(tmpdir(), prefix));
    await fill(repository.dir);
    const git = gitIn(repository.dir);
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'The site');
    const port = await freePort();
    repository.apiUrl = `http://127.0.0.1:${port}/api/v1`;
    server = await startDecapServer(port, repository.dir);
  });

  test.afterAll(async () => {
    server?.kill();
    if (repository.dir) await rm(repository.dir, { recursive: true, force: true });
  });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(
      (url) => localStorage.setItem('publish-local-backend-url', url),
      repository.apiUrl,
    );
  });

  return repository;
}

/**
 * Decap CMS, opened on this machine, talks to decap-server at localhost:8081: in each test of the
 * calling file, the suite's own. Decap goes on asking after a test's last check (it reloads its
 * entries after publishing); a request still in flight when the test ends is cut off with the page,
 * and that is no failure of the test (it failed a passing test once, in CI). Any other failure of
 * the route fails the test, and the route stays until the page closes, so nothing reaches a
 * developer's own decap-server.
 */
export function useDecapCmsRoute(repository: DecapRepository): void {
  let ended = false;
  test.beforeEach(async ({ page }) => {
    ended = false;
    await page.route(/^http:\/\/localhost:8081\//, async (route) => {
      const url = route.request().url().replace('http://localhost:8081', new URL(repository.apiUrl).origin);
      try {
        await route.fulfill({ response: await route.fetch({ url }) });
      } catch (error) {
        if (!ended) throw error;
      }
    });
  });
  test.afterEach(() => {
    ended = true;
  });
}
