// Where `npm start` (and `npm run cms`'s decap-server) listens, as a newcomer or an operator gets it
// wrong (server/listen-settings.mjs): the real process stops with one line that names what to
// change, never a stack trace, and a port already taken is said before anything is built.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../tools/measure-server.mjs';
import { childEnv, freePort, startNode } from '../process';
import { smallBuild } from './serve-helpers';
import { listenProblem, listenSettings } from '../../server/listen-settings.mjs';

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

/** Starts the server (or `script`) with `env` and `args`; resolves with what it printed once it has exited. */
async function refused(env: Record<string, string>, args = [dist], script = 'server/serve.mjs') {
  const started = startNode([script, ...args], {
    cwd: process.cwd(),
    env: childEnv({ HOST: '127.0.0.1', ...env }),
  });
  try {
    // A guard, not a wait: had it gone on to build or serve, the check below fails at once.
    const guard = new Promise((resolve) => setTimeout(resolve, 10_000).unref());
    await Promise.race([new Promise((resolve) => started.child.once('exit', resolve)), guard]);
  } finally {
    await started.stop(); // and whatever it started
  }
  expect(started.child.exitCode).toBe(1);
  const output = started.output().trim();
  expect(output).not.toMatch(/^\s+at /m);
  return output;
}

/** Runs `check` with `port` on 127.0.0.1 held by another listener. */
async function whileTaken(check: (port: number) => Promise<void>) {
  const holder = net.createServer();
  const port = await freePort();
  await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
  try {
    await check(port);
  } finally {
    holder.close();
  }
}

describe('the listen settings, read from the environment', () => {
  it('defaults to localhost:4321 (docs/configuration.md) and trims what is set', () => {
    expect(listenSettings({})).toEqual({ ok: true, port: 4321, host: 'localhost' });
    expect(
      listenSettings({ PORT: ' 8080 ', HOST: ' 0.0.0.0 ', TLS_CERT_FILE: '  ', TLS_KEY_FILE: '' }),
    ).toEqual({ ok: true, port: 8080, host: '0.0.0.0' });
  });

  it('takes ports up to 65535 and no higher', () => {
    expect(listenSettings({ PORT: '65535' })).toMatchObject({ ok: true, port: 65535 });
    expect(listenSettings({ PORT: '65536' })).toEqual({
      ok: false,
      problem: 'PORT must be a whole number from 1 to 65535; it is "65536".',
    });
  });

  it('says ports below 1024 need root, and a host name that does not resolve is not an address here', () => {
    const denied = Object.assign(new Error('denied'), { code: 'EACCES' });
    expect(listenProblem(denied, { host: 'localhost', port: 1023 })).toContain('ports below 1024 need root');
    expect(listenProblem(denied, { host: 'localhost', port: 1024 })).not.toContain('need root');
    const unresolved = Object.assign(new Error('getaddrinfo EAI_AGAIN web'), { code: 'EAI_AGAIN' });
    expect(listenProblem(unresolved, { host: 'web', port: 4321 })).toMatch(
      /^HOST is "web", which is not an address/,
    );
  });
});

describe('where npm start and npm run cms listen', { timeout: 20_000 }, () => {
  it('refuses a PORT that is no port, naming it', async () => {
    for (const port of ['abc', '70000', '0', '80.5']) {
      expect(await refused({ PORT: port }), port).toBe(
        `PORT must be a whole number from 1 to 65535; it is "${port}".`,
      );
    }
  });

  it('says a port already in use is taken, before it builds anything', async () => {
    await whileTaken(async (port) => {
      // --releases serves the last build (and says when there is none): the port comes first.
      expect(await refused({ PORT: String(port) }, ['--releases'])).toMatch(
        new RegExp(`^Port ${port} on 127\\.0\\.0\\.1 is already in use, .*set PORT to another port\\.$`),
      );
    });
  });

  it("npm run cms says decap-server's port is taken before it starts anything", async () => {
    await whileTaken(async (port) => {
      expect(await refused({ DECAP_SERVER_PORT: String(port) }, [], 'tools/cms.mjs')).toBe(
        `Port ${port} on 127.0.0.1, decap-server's, is already in use, perhaps by another \`npm run cms\`: ` +
          'stop it, or set DECAP_SERVER_PORT to another port.',
      );
    });
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

  // `npm run cms -- --port 4400` works, so a newcomer tries `npm start -- --port 4400`: the server
  // went on, on PORT's port (or said that a folder "4400" has no build).
  it('refuses an option it does not take, and a folder it would not serve, naming what to do', async () => {
    const port = String(await freePort());
    expect(await refused({ PORT: port }, ['--port', '4400'])).toBe(
      'Unknown option --port: the server takes --build, --build-later or --releases, or a folder to serve; ' +
        'where it listens comes from PORT and HOST (PORT=4400 npm start).',
    );
    expect(await refused({ PORT: port }, ['--biuld'])).toMatch(/^Unknown option --biuld: /);
    expect(await refused({ PORT: port }, ['--releases', dist])).toBe(
      `--releases serves the live release (.releases/current), not a folder: leave out "${dist}", ` +
        `or serve that folder with \`node server/serve.mjs ${dist}\`.`,
    );
    expect(await refused({ PORT: port }, [dist, 'dist'])).toBe(
      `One folder to serve at most; got "${dist}" and "dist".`,
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
