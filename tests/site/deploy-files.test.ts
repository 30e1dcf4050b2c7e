// The self-hosting files of deploy/ as an operator installs them (docs/deployment.md, "Your own
// server"): `nginx -t` accepts deploy/nginx/bright-path.conf with only its certificate paths changed
// (a self-signed certificate made here), and nginx running it on loopback ports in front of the real
// server answers over HTTPS with HSTS and the build's own headers. `npm test` installs nginx when it
// is missing; without it this file fails and says so. systemd-analyze (installed the same way) checks
// the unit's keys.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../tools/measure-server.mjs';
import { findNginx, findSystemdAnalyze, realSystem } from '../../tools/test-setup.mjs';
import { freePort, smallBuild, startServer, type Started } from '../unit/serve-helpers';

const run = promisify(execFile);
// Found where `npm test`'s first step finds them (tools/test-setup.mjs), which installs them.
const system = realSystem();
const foundNginx = findNginx(system);
const nginx = 'path' in foundNginx ? foundNginx.path : undefined;
const MISSING_NGINX =
  'nginx is not installed: `npm test` installs it, or `apt-get install nginx`. This test checks deploy/nginx/bright-path.conf with it.';
const foundSystemd = findSystemdAnalyze(system);
const MISSING_SYSTEMD =
  'systemd-analyze is not installed: `npm test` installs it (Debian package systemd). This test checks deploy/systemd/bright-path.service with it.';

const LIVE = '/etc/letsencrypt/live/www.example.org';

let dir: string;
let certificate: { env: { TLS_CERT_FILE: string; TLS_KEY_FILE: string }; remove: () => void };

/** The site file as an operator adjusts it, plus `edit` for the test's own ports. */
async function siteConfig(edit: (text: string) => string = (text) => text) {
  const text = await readFile('deploy/nginx/bright-path.conf', 'utf8');
  return edit(
    text
      .replaceAll(`${LIVE}/fullchain.pem`, certificate.env.TLS_CERT_FILE)
      .replaceAll(`${LIVE}/privkey.pem`, certificate.env.TLS_KEY_FILE)
      .replaceAll('/var/www/letsencrypt', path.join(dir, 'acme')),
  );
}

/** A main nginx.conf in `dir` that includes `site` as /etc/nginx/nginx.conf includes sites-enabled/. */
async function mainConfig(site: string) {
  await writeFile(path.join(dir, 'site.conf'), site);
  const file = path.join(dir, 'nginx.conf');
  await writeFile(
    file,
    [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log;`,
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  access_log ${dir}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (name) => `  ${name}_temp_path ${dir}/${name};`,
      ),
      `  include ${dir}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'deploy-nginx-'));
  await mkdir(path.join(dir, 'acme'));
  certificate = selfSignedCertificate();
});

afterAll(async () => {
  certificate?.remove();
  await rm(dir, { recursive: true, force: true });
});

describe('deploy/nginx/bright-path.conf', () => {
  it('passes nginx -t', async () => {
    if (!nginx) throw new Error(MISSING_NGINX);
    const config = await mainConfig(await siteConfig());
    const { stderr } = await run(nginx, ['-t', '-p', dir, '-c', config, '-e', path.join(dir, 'error.log')]);
    expect(stderr).toContain('test is successful');
    expect(stderr).not.toMatch(/\[warn\]/);
  });

  describe('running in front of the server', () => {
    let server: Started;
    let build: string;
    let proxy: ChildProcess;
    let httpsPort: number;
    let httpPort: number;

    beforeAll(async () => {
      if (!nginx) throw new Error(MISSING_NGINX);
      build = await smallBuild({ _headers: '/*\n  X-Content-Type-Options: nosniff\n' });
      server = await startServer(build);
      [httpsPort, httpPort] = [await freePort(), await freePort()];
      const site = await siteConfig((text) =>
        text
          .replace(/^\s*listen \[::\].*\n/gm, '')
          .replaceAll('listen 443 ', `listen 127.0.0.1:${httpsPort} `)
          .replaceAll('listen 80;', `listen 127.0.0.1:${httpPort};`)
          .replaceAll(
            'https://www.example.org$request_uri',
            `https://www.example.org:${httpsPort}$request_uri`,
          )
          .replace('proxy_pass http://127.0.0.1:4321;', `proxy_pass http://127.0.0.1:${server.port};`),
      );
      const config = await mainConfig(site);
      proxy = spawn(
        nginx,
        ['-p', dir, '-c', config, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
        {
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let errors = '';
      proxy.stderr!.on('data', (chunk) => (errors += chunk));
      // Up once it answers on its HTTP port.
      await new Promise<void>((resolve, reject) => {
        proxy.on('exit', (code) => reject(new Error(`nginx exited with ${code}: ${errors}`)));
        const attempt = () =>
          fetch(`http://127.0.0.1:${httpPort}/`, { redirect: 'manual' }).then(
            () => resolve(),
            () => setImmediate(attempt),
          );
        attempt();
      });
    }, 20_000);

    afterAll(async () => {
      proxy?.kill('SIGTERM');
      server?.child.kill('SIGTERM');
      if (build) await rm(build, { recursive: true, force: true });
    });

    /** GET over HTTPS to nginx, as www.example.org (the certificate is the test's own). */
    function get(pathname: string, headers: Record<string, string> = {}) {
      return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
        (resolve, reject) => {
          https
            .get(
              {
                host: '127.0.0.1',
                port: httpsPort,
                path: pathname,
                servername: 'www.example.org',
                headers: { Host: 'www.example.org', ...headers },
                rejectUnauthorized: false,
              },
              (response) => {
                let body = '';
                response.on('data', (chunk) => (body += chunk));
                response.on('end', () =>
                  resolve({ status: response.statusCode!, headers: response.headers, body }),
                );
              },
            )
            .on('error', reject);
        },
      );
    }

    it('serves the site over HTTPS with HSTS and the headers of the build', async () => {
      const home = await get('/');
      expect(home.status).toBe(200);
      expect(home.body).toContain('Home');
      expect(home.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(home.headers['x-content-type-options']).toBe('nosniff');
      const missing = await get('/no-such-page');
      expect(missing.status).toBe(404);
      expect(missing.headers['strict-transport-security']).toBe('max-age=31536000');
    });

    it('sends plain HTTP and the bare domain to https://www.example.org', async () => {
      const plain = await fetch(`http://127.0.0.1:${httpPort}/blog?page=2`, { redirect: 'manual' });
      expect(plain.status).toBe(301);
      expect(plain.headers.get('location')).toBe(`https://www.example.org:${httpsPort}/blog?page=2`);
      const bare = await get('/x', { Host: 'example.org' });
      expect(bare.status).toBe(301);
      expect(bare.headers.location).toBe(`https://www.example.org:${httpsPort}/x`);
    });
  });
});

describe('deploy/systemd/bright-path.service', () => {
  it('has only keys and values systemd understands', async () => {
    const unit = path.join(dir, 'bright-path.service');
    await writeFile(
      unit,
      (await readFile('deploy/systemd/bright-path.service', 'utf8')).replaceAll(
        '/srv/bright-path',
        process.cwd(),
      ),
    );
    if (!('path' in foundSystemd)) throw new Error(MISSING_SYSTEMD);
    const { stderr } = await run(foundSystemd.path, ['verify', unit]).catch((error) => error);
    // verify also reports what this machine lacks (the user, the environment file): not the unit's fault.
    const problems = String(stderr)
      .split('\n')
      .filter((line) => /Unknown|Failed to parse|Invalid|ignoring/i.test(line));
    expect(problems).toEqual([]);
  });
});
