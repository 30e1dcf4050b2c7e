// A signed-in admin for the tests that are not about signing in (issue 29): the app's own sign-in
// code (createAuth().signIn, bundled from src/ and run in a blank page of the site's origin), given
// the test build's admin with a one-iteration derivation of the same password instead of the
// build's 600,000 iterations. Everything else is what the sign-in form leaves: the admin's `users`
// row (given the build's own value afterwards, read from the build's scripts: an admin page ends a
// session whose user holds another), a `sessions` row, this browser's signing key and the token in
// localStorage. The sign-in form itself, and what it does with the build's derivation, is tested by
// admin.spec.ts ('sign-in and sessions') and security.spec.ts, which sign in with `signIn`
// (tests/e2e/fixtures.ts).
import { build, type Plugin as EsbuildPlugin } from 'esbuild';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import type { Plugin as VitePlugin } from 'vite';
import type { AdminAccount } from '../../src/lib/auth/admin-account';
import { derivePasswordHash } from '../../src/lib/auth/password-derivation.mjs';
import { E2E_ADMIN, testBuildPath } from '../../tools/test-build.mjs';
import { siteModulePlugins } from '../site-modules';
import { openBlankSitePage } from './fixtures';

/** The modules only a build provides, from the same Vite plugins the unit tests use. */
function fromVite(plugins: VitePlugin[]): EsbuildPlugin {
  const call = <T>(hook: unknown, arg: string): T | undefined =>
    typeof hook === 'function' ? (hook as (value: string) => T | undefined)(arg) : undefined;
  return {
    name: 'site-modules',
    setup(builder) {
      builder.onResolve({ filter: /^(astro|virtual):/ }, ({ path }) => {
        for (const plugin of plugins) {
          const resolved = call<string>(plugin.resolveId, path);
          if (resolved) return { path: resolved, namespace: 'site-module' };
        }
        return undefined;
      });
      builder.onLoad({ filter: /.*/, namespace: 'site-module' }, ({ path }) => {
        for (const plugin of plugins) {
          const contents = call<string>(plugin.load, path);
          if (contents !== undefined) return { contents, loader: 'js' };
        }
        return undefined;
      });
    },
  };
}

let script: Promise<string> | undefined;

/** The page's sign-in code as one script (global `__e2eSession`), bundled once per worker. */
function seedScript(): Promise<string> {
  script ??= build({
    entryPoints: [fileURLToPath(new URL('./session-seed.page.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: '__e2eSession',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'error',
    plugins: [fromVite(siteModulePlugins())],
  }).then((result) => result.outputFiles[0]!.text);
  return script;
}

const SEED_SALT = '00'.repeat(16);
let account: Promise<AdminAccount> | undefined;

/** The test build's admin, its password derived with one iteration. */
function seedAccount(): Promise<AdminAccount> {
  account ??= derivePasswordHash(E2E_ADMIN.passwordSha256, SEED_SALT, 1).then((passwordHash) => ({
    username: E2E_ADMIN.username,
    passwordHash,
    salt: SEED_SALT,
    iterations: 1,
    development: false,
  }));
  return account;
}

let builtHash: Promise<string> | undefined;

/**
 * The value the test build's sign-in stores in `users.passwordHash` (its derivation with the build's
 * own salt), as the build's scripts carry it (src/integrations/build-derived.mjs; the development
 * account's literal starts with its username, so it does not match).
 */
function buildsPasswordHash(): Promise<string> {
  builtHash ??= (async () => {
    const folder = join(testBuildPath, '_astro');
    const found = new Set<string>();
    for (const name of (await readdir(folder)).filter((file) => file.endsWith('.js'))) {
      const code = await readFile(join(folder, name), 'utf8');
      for (const match of code.matchAll(
        /\{\s*["']?passwordHash["']?\s*:\s*[`"']([0-9a-f]{64})[`"']\s*,\s*["']?salt["']?\s*:/g,
      ))
        found.add(match[1]!);
    }
    if (found.size !== 1)
      throw new Error(`expected the build's password value once in ${folder}, found ${found.size}`);
    return [...found][0]!;
  })();
  return builtHash;
}

/**
 * Signs the admin in (see the top of this file) and opens `path`, the post list by default, once
 * the admin has checked the session there (its "Sign out" button shows).
 */
export async function openSignedIn(page: Page, path = '/admin/posts'): Promise<void> {
  const [code, admin, storedHash] = await Promise.all([seedScript(), seedAccount(), buildsPasswordHash()]);
  await openBlankSitePage(page);
  await page.addScriptTag({ content: code });
  await page.evaluate(
    ([admin, password, storedHash]) =>
      (
        window as unknown as {
          __e2eSession: {
            signIn(account: unknown, username: string, password: string, storedHash: string): Promise<void>;
          };
        }
      ).__e2eSession.signIn(admin, admin.username, password, storedHash),
    [admin, E2E_ADMIN.password, storedHash] as const,
  );
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}
