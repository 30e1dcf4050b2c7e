// Files that change under the running server (issue 36): a build rewriting the folder made
// `npm start` crash on a read stream's unhandled ENOENT, and files added after the start stayed
// invisible until a restart. Each file is now looked up per request and opened before the answer
// starts: a file gone costs that request a 404, never the process.
import { mkdir, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallBuild, startServer, type Started } from './serve-helpers';

let dist: string;
let server: Started;
let base: string;

beforeAll(async () => {
  dist = await smallBuild({
    'about.html': '<!doctype html><title>About</title><p>About</p>',
    'big.txt': 'x'.repeat(4 * 1024 * 1024),
  });
  server = await startServer(dist);
  base = `http://127.0.0.1:${server.port}`;
}, 20_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await rm(dist, { recursive: true, force: true });
});

const alive = () => server.child.exitCode === null && server.child.signalCode === null;

describe('files that change while the server runs', () => {
  it('answers 404 for a file deleted after the start, and keeps serving', async () => {
    expect((await fetch(`${base}/about`)).status).toBe(200);
    await unlink(path.join(dist, 'about.html'));
    const gone = await fetch(`${base}/about`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('Not found');
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect(alive()).toBe(true);
  });

  it('serves a page added after the start, without a restart', async () => {
    await mkdir(path.join(dist, 'blog/new-post'), { recursive: true });
    await writeFile(
      path.join(dist, 'blog/new-post/index.html'),
      '<!doctype html><title>New</title><p>New post</p>',
    );
    const added = await fetch(`${base}/blog/new-post`);
    expect(added.status).toBe(200);
    expect(await added.text()).toContain('New post');
  });

  it('finishes a download whose file is deleted mid-way', async () => {
    const response = await fetch(`${base}/big.txt`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(response.status).toBe(200);
    await unlink(path.join(dist, 'big.txt'));
    expect((await response.arrayBuffer()).byteLength).toBe(4 * 1024 * 1024);
    expect(alive()).toBe(true);
  });

  it('answers with plain text when even the 404 page is gone', async () => {
    await unlink(path.join(dist, '404.html'));
    const response = await fetch(`${base}/missing`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found');
    expect(alive()).toBe(true);
  });

  it('keeps running when the whole folder is removed, and serves it again once rebuilt', async () => {
    await rm(dist, { recursive: true, force: true });
    expect((await fetch(`${base}/`)).status).toBe(404);
    await mkdir(dist);
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Home</title><p>Back</p>');
    const back = await fetch(`${base}/`);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('Back');
    expect(alive()).toBe(true);
    expect(server.output()).not.toMatch(/ENOENT|Error/);
  });
});

describe('ranges', () => {
  it('answers a single range, a suffix range and an unsatisfiable one', async () => {
    await writeFile(path.join(dist, 'digits.txt'), '0123456789');
    const get = (range: string) =>
      fetch(`${base}/digits.txt`, { headers: { Range: range, 'Accept-Encoding': 'identity' } });
    const middle = await get('bytes=2-4');
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(await middle.text()).toBe('234');
    const suffix = await get('bytes=-3');
    expect(suffix.status).toBe(206);
    expect(await suffix.text()).toBe('789');
    const beyond = await get('bytes=20-');
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */10');
    const malformed = await get('bytes=abc');
    expect(malformed.status).toBe(200);
    expect(await malformed.text()).toBe('0123456789');
  });
});
