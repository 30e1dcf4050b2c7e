// The one production build of a test run (issue 29, docs/decisions/0025-one-build-per-test-run.md):
// `npm test` builds once into dist-test/ (and .server/dist-test/, the form handler's bundle), then
// the site checks (tests/site/, the HTML checker), the end-to-end server (playwright.config.ts) and
// the mail suite (tests/e2e/mail.spec.ts, its own server on this build with SMTP set) all use it.
//
// The build is what a practice with SMTP makes: an https SITE_URL, an admin account, no
// PUBLIC_*_ENDPOINT (so the forms post to routes of the same server), and the SMTP settings in the
// environment, which the build must not take in (SMTP is read when the server starts).
//
// `node tools/test-build.mjs` builds; with TEST_BUILD_REUSE=1 (set by `npm test` after its own
// build step) and a build present, it keeps that build. `npm run test:site` or `test:e2e` alone
// build afresh, so they never test yesterday's code.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { astroBuildEnv } from './astro-build.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The folder of the run's build, relative to the project (and its bundle: .server/dist-test/). */
export const TEST_BUILD_DIR = 'dist-test';
export const testBuildPath = path.join(root, TEST_BUILD_DIR);

/** The admin account the build gets (tests/e2e/admin.spec.ts signs in with it). */
export const E2E_ADMIN = {
  username: 'practice-admin',
  password: 'Quiet river 42 lantern',
  // printf %s 'Quiet river 42 lantern' | sha256sum
  passwordSha256: '6cdbfe087472213f048b7ac2b516c9eeb5d827ba821398a064c0dfa0c712cfde',
};

/** The SMTP account of tests/smtp-sink.ts, and the addresses the mail suite's server sends with. */
export const SMTP_ACCOUNT = { user: 'site@practice.example', pass: 'smtp-test-passw0rd-7f3a' };
export const MAIL = {
  from: 'Bright Path website <website-sender@practice.example>',
  inbox: 'frontdesk-inbox@practice.example',
};

/**
 * The mail settings a practice sets, for the server started with `smtpUrl` (the build gets the same
 * settings on a port nobody listens on: it must not keep any of them).
 * @param {string} smtpUrl
 */
export function mailEnv(smtpUrl) {
  return { SMTP_URL: smtpUrl, MAIL_FROM: MAIL.from, PRACTICE_INBOX: MAIL.inbox };
}

/**
 * Variables of ours that the test runner's environment must not hand to a build or a server: the
 * form endpoints, where to listen, mail settings, the runners' own markers, and the hosts' (a run on
 * GitHub Actions would build the admin's words for a host that deploys each change).
 */
export const NOT_INHERITED =
  /^(PUBLIC_|PORT$|HOST$|SITE_URL$|SMTP_URL$|MAIL_FROM$|PRACTICE_INBOX$|DIST_DIR$|VITEST|TEST$|NODE_ENV$|NETLIFY$|CF_PAGES$|GITHUB_ACTIONS$)/;

/** `process.env` without NOT_INHERITED, plus `extra`. */
export function childEnv(extra = {}, env = process.env) {
  return {
    ...Object.fromEntries(Object.entries(env).filter(([name]) => !NOT_INHERITED.test(name))),
    ASTRO_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
    ...extra,
  };
}

/** The environment of the run's build. */
export function testBuildEnv(env = process.env) {
  const smtpUrl = `smtp://${encodeURIComponent(SMTP_ACCOUNT.user)}:${SMTP_ACCOUNT.pass}@127.0.0.1:9/`;
  return childEnv(
    {
      SITE_URL: 'https://www.example.org',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD_SHA256: E2E_ADMIN.passwordSha256,
      ...mailEnv(smtpUrl),
      // The compressed copies `npm start` makes (server/releases.mjs), which the server test sends.
      PRECOMPRESS: '1',
    },
    env,
  );
}

/** A build is there to reuse: its pages and its form handler's bundle. */
export function testBuildPresent() {
  return (
    existsSync(path.join(testBuildPath, 'index.html')) &&
    existsSync(path.join(root, '.server', TEST_BUILD_DIR, 'forms.mjs'))
  );
}

/**
 * Builds into dist-test/, unless TEST_BUILD_REUSE=1 and a build is there. Resolves when done;
 * rejects with the build's last lines.
 * @param {{ env?: Record<string, string | undefined>, log?: (line: string) => void }} [options]
 */
export function testBuild({ env = process.env, log = console.log } = {}) {
  if (env.TEST_BUILD_REUSE === '1' && testBuildPresent()) {
    log(`Reusing the run's build in ${TEST_BUILD_DIR}/ (TEST_BUILD_REUSE=1).`);
    return Promise.resolve();
  }
  log(`Building the run's build into ${TEST_BUILD_DIR}/…`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', TEST_BUILD_DIR],
      { cwd: root, env: astroBuildEnv(testBuildEnv(env)), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const keep = (chunk) => (output = (output + chunk).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && testBuildPresent()) {
        log(`Built ${TEST_BUILD_DIR}/ in ${Math.round((Date.now() - started) / 1000)} s.`);
        resolve();
      } else {
        const tail = output.trim().split('\n').slice(-20).join('\n');
        reject(new Error(`the test build failed (exit code ${code}):\n${tail}`));
      }
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  testBuild().catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
