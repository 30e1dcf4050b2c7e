// A HEAD says what a GET sends (RFC 9110, 9.3.2), on the real `npm run serve` server (server/serve.mjs,
// its own process) and a build without compressed copies, where the server compresses on the way: a
// HEAD got the file's own length and no encoding while the GET sent it compressed, with neither.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, smallBuild, startServer, type Started } from './serve-helpers';

// Larger than the compression middleware's 1 KB threshold, so that it compresses them on the way.
const PAGE = `<!doctype html><title>Notes</title>${'<p>A line of notes that repeats.</p>'.repeat(100)}`;
const NOT_FOUND = `<!doctype html><title>Not found</title>${'<p>Try the menu.</p>'.repeat(200)}`;

let dist: string;
let server: Started;

beforeAll(async () => {
  dist = await smallBuild({ 'notes.html': PAGE, 'notes.txt': PAGE, '404.html': NOT_FOUND });
  server = await startServer(dist);
}, 20_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await rm(dist, { recursive: true, force: true });
});

const request = (method: string, pathname: string, headers: Record<string, string>) =>
  rawRequest(server.port, method, pathname, headers);

const SAME = ['content-type', 'content-encoding', 'content-length', 'vary', 'etag', 'cache-control'];

describe('a HEAD', () => {
  it.each([
    ['a page', '/notes'],
    ['a text file', '/notes.txt'],
    ['an unknown address', '/no-such-page'],
  ])('of %s compressed on the way has the headers of the GET', async (_what, pathname) => {
    const headers = { 'Accept-Encoding': 'gzip, deflate' };
    const get = await request('GET', pathname, headers);
    const head = await request('HEAD', pathname, headers);
    expect(get.headers['content-encoding']).toBe('gzip');
    expect(head.status).toBe(get.status);
    expect(head.body.length).toBe(0);
    for (const name of SAME) expect(head.headers[name], name).toBe(get.headers[name]);
  });

  it('of a file sent as it is has its length, as the GET', async () => {
    const headers = { 'Accept-Encoding': 'identity' };
    const get = await request('GET', '/notes.txt', headers);
    const head = await request('HEAD', '/notes.txt', headers);
    expect(get.headers['content-encoding']).toBeUndefined();
    expect(get.headers['content-length']).toBe(String(PAGE.length));
    for (const name of SAME) expect(head.headers[name], name).toBe(get.headers[name]);
  });
});
