// server/static-files.mjs called in this process, on a temporary folder: the range arithmetic, the
// compressed copies' headers, paths the file system refuses (a NUL, a name too long, a link
// loop), which must reach onNoMatch rather than reject the request's promise, and links. The folder
// is served through a link to it, as `npm start` serves .releases/current.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRange, staticFiles } from '../../server/static-files.mjs';

describe('parseRange', () => {
  it('refuses a suffix of no bytes and a start at the end of the file', () => {
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-', 10)).toEqual({ start: 9, end: 9 });
  });

  it('gives the whole file for a suffix longer than it', () => {
    expect(parseRange('bytes=-20', 10)).toEqual({ start: 0, end: 9 });
  });
});

let dir: string;
let outside: string;
let server: Server;
let port: number;
const failures: unknown[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'static-files-'));
  await writeFile(path.join(dir, 'page.html'), '<p>plain page</p>');
  await writeFile(path.join(dir, 'page.html.br'), 'pretend brotli');
  await symlink('loop', path.join(dir, 'loop'));
  // Links that stay in the build, and links out of it: to a file, to a folder, to a file's copy.
  await mkdir(path.join(dir, 'build'));
  await writeFile(path.join(dir, 'build', 'a.txt'), 'in the build');
  await symlink('build/a.txt', path.join(dir, 'same.txt'));
  await symlink('build', path.join(dir, 'also'));
  outside = await mkdtemp(path.join(tmpdir(), 'static-files-outside-'));
  await writeFile(path.join(outside, 'secret.txt'), 'not of the build');
  await writeFile(path.join(outside, 'index.html'), '<p>not of the build</p>');
  await symlink(path.join(outside, 'secret.txt'), path.join(dir, 'secret.txt'));
  await symlink(path.relative(path.join(dir, 'build'), outside), path.join(dir, 'build', 'out'));
  await symlink(outside, path.join(dir, 'elsewhere'));
  await writeFile(path.join(dir, 'other.html'), '<p>other page</p>');
  await symlink(path.join(outside, 'secret.txt'), path.join(dir, 'other.html.br'));
  await mkdir(path.join(dir, 'current'));
  await symlink(dir, path.join(dir, 'current', 'served'));
  const serve = staticFiles(path.join(dir, 'current', 'served'), {
    onNoMatch: (_req, res) => {
      res.statusCode = 404;
      res.end('no match');
    },
  });
  server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      failures.push(error);
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('a compressed copy', () => {
  it('is sent with its encoding, its own ETag and Vary, and never in pieces', async () => {
    const br = await get('/page', { 'Accept-Encoding': 'br', Range: 'bytes=0-3' });
    expect(br.status).toBe(200);
    expect(br.body).toBe('pretend brotli');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers.etag).toMatch(/-br"$/);
    const plain = await get('/page', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).not.toBe(br.headers.etag);
  });
});

describe('a path the file system refuses', () => {
  it.each([
    ['a NUL', '/page%00.html'],
    ['a name too long', `/${'a'.repeat(300)}`],
    ['a link loop', '/loop'],
  ])('with %s is no match, not a failure', async (_what, pathname) => {
    const answer = await get(pathname);
    expect(answer.status).toBe(404);
    expect(answer.body).toBe('no match');
    expect(failures).toEqual([]);
  });
});

describe('a link', () => {
  it('that stays in the build is served', async () => {
    expect((await get('/same.txt')).body).toBe('in the build');
    expect((await get('/also/a.txt')).body).toBe('in the build');
  });

  it.each([
    ['to a file', '/secret.txt'],
    ['to a folder, by a relative path', '/build/out/secret.txt'],
    ["to a folder's page", '/elsewhere/'],
    ['through the folder', '/elsewhere/secret.txt'],
  ])('out of the build %s is no match', async (_what, pathname) => {
    const answer = await get(pathname);
    expect(answer.status).toBe(404);
    expect(answer.body).toBe('no match');
  });

  it('out of the build as a compressed copy leaves the page as it is', async () => {
    const answer = await get('/other', { 'Accept-Encoding': 'br' });
    expect(answer.body).toBe('<p>other page</p>');
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});
