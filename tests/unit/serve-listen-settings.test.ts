// Where `npm start` listens, as a newcomer or an operator gets it wrong (server/listen-settings.mjs):
// the real server, its own process, stops with one line that names what to change, never a stack
// trace, and a port already taken is said before anything is built.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../tools/measure-server.mjs';
import { childEnv, freePort, startNode } from '../process';
import { smallBuild } from './serve-helpers';

let dist: string;
let files: string;

beforeAll(async () => {
  dist = await smallBuild();
  files = await mkdtemp(path.join(tmpdir(), 'listen-'));
  await writeFile(path.join(files, 'not-a-certificate.pem'), 'hello\n');
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
  await rm(files, { recursive: true, force: true });
});

/** Starts the server with `env` and `args`; resolves with what it printed once it has exited. */
async function refused(env: Record<string, string>, args = [dist]) {
  const started = startNode(['server/serve.mjs', ...args], {
    cwd: process.cwd(),
    env: childEnv({ HOST: '127.0.0.1', ...env }),
  });
  await new Promise((resolve) => started.child.once('exit', resolve));
  expect(started.child.exitCode).toBe(1);
  const output = started.output().trim();
  expect(output).not.toMatch(/^\s+at /m);
  return output;
}

describe('where npm start listens', { timeout: 20_000 }, () => {
  it('refuses a PORT that is no port, naming it', async () => {
    for (const port of ['abc', '70000', '0', '80.5']) {
      expect(await refused({ PORT: port }), port).toBe(
        `PORT must be a whole number from 1 to 65535; it is "${port}".`,
      );
    }
  });

  it('says a port already in use is taken, before it builds anything', async () => {
    const holder = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      // --releases serves the last build (and says when there is none): the port comes first.
      expect(await refused({ PORT: String(port) }, ['--releases'])).toMatch(
        new RegExp(`^Port ${port} on 127\\.0\\.0\\.1 is already in use, .*set PORT to another port\\.$`),
      );
    } finally {
      holder.close();
    }
  });

  it('says a HOST that is not an address of this computer', async () => {
    const output = await refused({ PORT: String(await freePort()), HOST: 'nowhere.invalid' });
    expect(output).toContain('HOST is "nowhere.invalid", which is not an address of this computer');
  });

  it('refuses half an HTTPS setting, an unreadable file and a file that is no certificate', async () => {
    const port = String(await freePort());
    const missing = path.join(files, 'missing.pem');
    const notPem = path.join(files, 'not-a-certificate.pem');
    expect(await refused({ PORT: port, TLS_KEY_FILE: notPem })).toBe(
      'Set both TLS_CERT_FILE and TLS_KEY_FILE for HTTPS, or neither for plain HTTP; only TLS_KEY_FILE is set.',
    );
    expect(await refused({ PORT: port, TLS_CERT_FILE: missing, TLS_KEY_FILE: notPem })).toBe(
      `TLS_CERT_FILE names ${missing}, which cannot be read (ENOENT).`,
    );
    expect(await refused({ PORT: port, TLS_CERT_FILE: notPem, TLS_KEY_FILE: notPem })).toMatch(
      /^TLS_CERT_FILE and TLS_KEY_FILE must hold a PEM certificate and its private key \(.+\)\.$/,
    );
  });

  it('serves HTTPS with a certificate and its key', async () => {
    const certificate = selfSignedCertificate();
    const port = await freePort();
    const started = startNode(['server/serve.mjs', dist], {
      cwd: process.cwd(),
      env: childEnv({ HOST: '127.0.0.1', PORT: String(port), ...certificate.env }),
    });
    try {
      await started.printed('Serving');
      expect(started.output()).toContain(`on https://127.0.0.1:${port}`);
    } finally {
      await started.stop();
      certificate.remove();
    }
  });
});
