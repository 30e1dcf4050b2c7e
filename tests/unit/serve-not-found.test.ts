// The 404 page as the real `npm start` server (server/serve.mjs, its own process) sends it from a
// build with compressed copies (`npm start` builds with PRECOMPRESS=1): the copy a browser takes, as
// for every other page, so that a HEAD says what a GET sends (RFC 9110, 9.3.2), and no CPU is spent
// compressing the same page again at each unknown address. A link out of the build is no file of it,
// the 404 page included.
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, smallBuild, startServer, type Started } from './serve-helpers';

// Larger than the compression middleware's 1 KB threshold, so that it would compress it on the way.
const NOT_FOUND = `<!doctype html><title>Not found</title><h1>Not found</h1>${'<p>Try the menu.</p>'.repeat(200)}`;

let dist: string;
let outside: string;
let server: Started;
/** A build whose 404 page itself is a link out of it, and its server. */
let linkedDist: string;
let linkedServer: Started;

beforeAll(async () => {
  dist = await smallBuild({ '404.html': NOT_FOUND });
  await writeFile(path.join(dist, '404.html.br'), brotliCompressSync(NOT_FOUND));
  outside = await mkdtemp(path.join(tmpdir(), 'serve-outside-'));
  await writeFile(path.join(outside, 'secret.txt'), 'a file of the computer, not of the build');
  await symlink(path.join(outside, 'secret.txt'), path.join(dist, 'linked.txt'));
  linkedDist = await smallBuild();
  await rm(path.join(linkedDist, '404.html'));
  await symlink(path.join(outside, 'secret.txt'), path.join(linkedDist, '404.html'));
  [server, linkedServer] = await Promise.all([startServer(dist), startServer(linkedDist)]);
}, 20_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  linkedServer?.child.kill('SIGTERM');
  await rm(dist, { recursive: true, force: true });
  await rm(linkedDist, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const request = (method: string, pathname: string, headers: Record<string, string>) =>
  rawRequest(server.port, method, pathname, headers);

describe('an unknown address', () => {
  it("gets the build's brotli copy of the 404 page, with the same headers for HEAD as for GET", async () => {
    const headers = { 'Accept-Encoding': 'gzip, deflate, br' };
    const get = await request('GET', '/no-such-page', headers);
    const head = await request('HEAD', '/no-such-page', headers);

    expect(get.status).toBe(404);
    expect(get.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(get.body).toString()).toBe(NOT_FOUND);
    expect(get.headers['content-length']).toBe(String(get.body.length));

    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
    for (const name of ['content-type', 'content-encoding', 'content-length', 'vary', 'cache-control'])
      expect(head.headers[name], name).toBe(get.headers[name]);
  });

  it('gets the page as it is from a client that takes no compressed copy', async () => {
    const get = await request('GET', '/no-such-page', { 'Accept-Encoding': 'identity' });
    expect(get.status).toBe(404);
    expect(get.headers['content-encoding']).toBeUndefined();
    expect(get.body.toString()).toBe(NOT_FOUND);
  });
});

describe('a link in the build to a file outside it', () => {
  it('is answered as an unknown address', async () => {
    const get = await request('GET', '/linked.txt', { 'Accept-Encoding': 'identity' });
    expect(get.status).toBe(404);
    expect(get.body.toString()).toBe(NOT_FOUND);
  });
});

describe('a 404 page that is itself a link out of the build', () => {
  it('is not sent: the answer is a plain "Not found"', async () => {
    for (const encoding of ['identity', 'gzip, deflate, br']) {
      const get = await rawRequest(linkedServer.port, 'GET', '/no-such-page', {
        'Accept-Encoding': encoding,
      });
      expect(get.status).toBe(404);
      expect(get.body.toString()).toBe('Not found');
    }
  });
});
