// The switch between builds (server/releases.mjs) on a stand-in project whose "astro build" is a
// small script: a finished build becomes .releases/current in one step, a failed one changes nothing
// and is removed, two builds never run at once, and old releases go (the one live before stays).
// tests/site/project-copy.test.ts does the same with the real build and a server under load.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRelease, currentRelease, lockHeld, releaseBefore } from '../../server/releases.mjs';
import { ASTRO_BUILD_ENV } from '../../tools/astro-build.mjs';

// Writes index.html into --outDir, or fails when FAKE_BUILD=fail; FAKE_BUILD=wait holds it until
// the file named by FAKE_RELEASE exists.
const FAKE_ASTRO = `
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
const outDir = process.argv[process.argv.indexOf('--outDir') + 1];
mkdirSync(outDir, { recursive: true });
writeFileSync(outDir + '/half-written.html', 'x');
if (process.env.FAKE_BUILD === 'fail') { console.error('[content] a post has no excerpt'); process.exit(1); }
if (process.env.FAKE_BUILD === 'wait') {
  console.log('building');
  await new Promise((resolve) => { const t = setInterval(() => existsSync(process.env.FAKE_RELEASE) && (clearInterval(t), resolve()), 20); });
}
if (process.env.FAKE_BUILD !== 'empty') writeFileSync(outDir + '/index.html', process.env.FAKE_TEXT ?? 'home');
writeFileSync(outDir + '/env.json', JSON.stringify(process.env));
`;

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'releases-'));
  await mkdir(path.join(root, 'node_modules/astro/bin'), { recursive: true });
  await writeFile(path.join(root, 'node_modules/astro/bin/astro.mjs'), FAKE_ASTRO);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const build = (env: Record<string, string> = {}) => buildRelease({ root, env: { ...env } });
const live = async () => readFile(path.join((await currentRelease(root))!, 'index.html'), 'utf8');
const releaseIds = async () =>
  (await readdir(path.join(root, '.releases'), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

describe('buildRelease', () => {
  it('makes a finished build the live one, through a relative symlink', async () => {
    expect(await currentRelease(root)).toBeUndefined();
    const { id, dir } = await build({ FAKE_TEXT: 'first' });
    expect(await readlink(path.join(root, '.releases/current'))).toBe(id);
    expect(await currentRelease(root)).toBe(dir);
    expect(await live()).toBe('first');
  });

  it('builds with the variables every astro build of the project gets (ASTRO_BUILD_ENV)', async () => {
    const { dir } = await build({ FAKE_TEXT: 'first' });
    const env = JSON.parse(await readFile(path.join(dir, 'env.json'), 'utf8'));
    expect(env).toMatchObject({ ...ASTRO_BUILD_ENV, PRECOMPRESS: '1', INCREMENTAL_BUILD: '1' });
  });

  it('leaves the live build as it was when a build fails, says why, and removes the failed folder', async () => {
    const first = await build({ FAKE_TEXT: 'first' });
    await expect(build({ FAKE_BUILD: 'fail' })).rejects.toThrow(
      /the build failed[\s\S]*a post has no excerpt/,
    );
    expect(await currentRelease(root)).toBe(first.dir);
    expect(await live()).toBe('first');
    expect(await releaseIds()).toEqual([first.id]);
  });

  it('takes a build that wrote no home page as failed, and builds again after a failure', async () => {
    const first = await build({ FAKE_TEXT: 'first' });
    await expect(build({ FAKE_BUILD: 'empty' })).rejects.toThrow(
      /the build wrote no \.releases\/.+\/index\.html/,
    );
    expect(await currentRelease(root)).toBe(first.dir);
    expect(await releaseIds()).toEqual([first.id]);
    expect(await live()).toBe('first');
    await build({ FAKE_TEXT: 'after the failures' });
    expect(await live()).toBe('after the failures');
  });

  it("keeps npm start's build variables over the environment's, and a link a crash left beside current", async () => {
    await mkdir(path.join(root, '.releases'));
    await writeFile(path.join(root, `.releases/current.${process.pid}.next`), 'left by a crash');
    const { dir } = await build({ FAKE_TEXT: 'first', PRECOMPRESS: '0', INCREMENTAL_BUILD: '0' });
    const env = JSON.parse(await readFile(path.join(dir, 'env.json'), 'utf8'));
    expect(env).toMatchObject({ PRECOMPRESS: '1', INCREMENTAL_BUILD: '1' });
    expect(await live()).toBe('first');
  });

  it('names the newest release older than the live one as the one before it', async () => {
    const first = await build({ FAKE_TEXT: '1' });
    const second = await build({ FAKE_TEXT: '2' });
    await mkdir(path.join(root, '.releases/00000000T000000-000Z'));
    expect(await releaseBefore(root, second.dir)).toBe(first.dir);
  });

  it('keeps the release live before the new one, removes older ones and what a killed build left', async () => {
    const first = await build({ FAKE_TEXT: '1' });
    const second = await build({ FAKE_TEXT: '2' });
    // An interrupted build (the process stopped mid-way) left a folder, named as builds are: newer
    // than the live release, older than the next.
    const leftover = new Date().toISOString().replace(/[-:]/g, '').replace('.', '-');
    await mkdir(path.join(root, '.releases', leftover));
    await mkdir(path.join(root, '.server', path.basename(first.dir)), { recursive: true });
    const third = await build({ FAKE_TEXT: '3' });
    expect(await releaseIds()).toEqual([second.id, third.id].sort());
    expect(existsSync(path.join(root, '.server', first.id))).toBe(false);
    expect(await live()).toBe('3');
  });

  it('refuses a second build while one runs, and never shows the half-written one', async () => {
    const first = await build({ FAKE_TEXT: 'first' });
    const go = path.join(root, 'go');
    const slow = build({ FAKE_BUILD: 'wait', FAKE_RELEASE: go, FAKE_TEXT: 'second' });
    // The slow build is under way once its folder exists.
    while ((await releaseIds()).length < 2) await new Promise((resolve) => setImmediate(resolve));
    await expect(build({ FAKE_TEXT: 'third' })).rejects.toThrow(/another build is running \(process \d+\)/);
    expect(await currentRelease(root)).toBe(first.dir);
    await writeFile(go, '');
    await slow;
    expect(await live()).toBe('second');
  });

  it("with onBusy (the server's own rebuilds), waits for the running build, then builds after it", async () => {
    await build({ FAKE_TEXT: 'first' });
    const go = path.join(root, 'go');
    const slow = build({ FAKE_BUILD: 'wait', FAKE_RELEASE: go, FAKE_TEXT: 'second' });
    while ((await releaseIds()).length < 2) await new Promise((resolve) => setImmediate(resolve));
    const busy: number[] = [];
    let envRead = false;
    const waiting = buildRelease({
      root,
      env: () => ((envRead = true), { FAKE_TEXT: 'third' }),
      onBusy: (pid) => busy.push(pid),
    });
    await expect.poll(() => busy).toEqual([process.pid]);
    // Told once, and its environment not read while it waits.
    expect(envRead).toBe(false);
    await writeFile(go, '');
    const [second, third] = await Promise.all([slow, waiting]);
    expect(envRead).toBe(true);
    expect(await live()).toBe('third');
    expect(busy).toEqual([process.pid]);
    // Its folder was made once the other had finished: the ids sort by time.
    expect(third.id > second.id).toBe(true);
    expect(await releaseIds()).toEqual([second.id, third.id]);
  });

  it('takes over the lock of a build whose process is gone', async () => {
    await mkdir(path.join(root, '.releases'));
    await writeFile(path.join(root, '.releases/build.lock'), '999999999');
    await build({ FAKE_TEXT: 'after a crash' });
    expect(await live()).toBe('after a crash');
  });

  it('takes a lock from before a reboot as stale, though its process id is in use again', () => {
    const alive = () => true;
    expect(lockHeld('4242 boot-a', 'boot-a', alive)).toBe(true);
    expect(lockHeld('4242 boot-a', 'boot-b', alive)).toBe(false);
    // A lock of the old format, or a computer without a boot id: the process id alone decides.
    expect(lockHeld('4242', 'boot-b', alive)).toBe(true);
    expect(lockHeld('4242 boot-a', '', alive)).toBe(true);
    expect(lockHeld('4242 boot-a', 'boot-a', () => false)).toBe(false);
    expect(lockHeld('', 'boot-a', alive)).toBe(false);
  });
});
