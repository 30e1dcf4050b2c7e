// Starts `node server/serve.mjs` on a free port for the audit and benchmark scripts, and stops it
// (with the test suites' process helpers, tools/processes.mjs).
// With { http2: true } it serves HTTPS with HTTP/2 and Brotli, as the static hosts do, behind a
// throwaway self-signed certificate (made with the openssl command); the browser must then be
// started with CHROME_HTTPS_FLAGS.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startNode } from './processes.mjs';
import { CHROMIUM_ARGS, chromiumPath } from './test-setup.mjs';

export const CHROME_PATH = chromiumPath();
export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
/** The self-signed certificate of the HTTP/2 mode is the only one these runs ever see. */
export const CHROME_HTTPS_FLAGS = ['--ignore-certificate-errors'];

export function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'audit-tls-'));
  const files = { TLS_KEY_FILE: path.join(dir, 'key.pem'), TLS_CERT_FILE: path.join(dir, 'cert.pem') };
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        files.TLS_KEY_FILE,
        '-out',
        files.TLS_CERT_FILE,
      ],
      { stdio: 'ignore' },
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error('The HTTP/2 mode needs the openssl command to make a test certificate.', {
      cause: error,
    });
  }
  return { env: files, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * What to say when `dist` holds no build, or undefined: the measuring tools say it before anything
 * else, in one line, and startServer refuses to serve nothing.
 * @param {string} dist
 */
export function noBuild(dist) {
  return existsSync(path.join(dist, 'index.html'))
    ? undefined
    : `No build in ${dist}: run \`npm run build\` first.`;
}

/**
 * Exits with noBuild's line when `dist` holds no build (a tool's first step).
 * @param {string} dist
 */
export function exitWithoutBuild(dist) {
  const problem = noBuild(dist);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}

/**
 * Serves the build of the project in `cwd` (this one by default: the benchmark serves its copy), or
 * with `dist` another folder of finished files (the audit's floor page).
 */
export async function startServer({
  http2 = false,
  cwd = process.cwd(),
  dist = path.join(cwd, 'dist'),
} = {}) {
  const problem = noBuild(dist);
  if (problem) throw new Error(problem);
  const port = await freePort();
  const certificate = http2 ? selfSignedCertificate() : undefined;
  // The tests' own helpers (tools/processes.mjs): in a process group of its own, stopped with it.
  const server = startNode(['server/serve.mjs'], {
    cwd,
    env: {
      ...process.env,
      ...certificate?.env,
      DIST_DIR: dist,
      PORT: String(port),
      HOST: http2 ? 'localhost' : '127.0.0.1',
    },
  });
  try {
    await server.printed('Serving');
  } catch (error) {
    certificate?.remove();
    throw error;
  }
  const origin = http2 ? `https://localhost:${port}` : `http://127.0.0.1:${port}`;
  return {
    origin,
    stop: () => {
      certificate?.remove();
      return server.stop();
    },
  };
}
