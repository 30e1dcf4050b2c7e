// The switch between builds for the self-hosted server: each build goes into a fresh folder,
// .releases/<id>/, and only a finished build becomes live, by replacing the symlink
// .releases/current in one rename(2). The server (serve.mjs) reads that link on each request, so the
// next request after a switch sees the whole new build and no request ever sees half of one. A build
// that fails leaves the live one as it was. `npm start`, `npm run update`, `systemctl reload` (SIGHUP)
// and, later, scheduled posts all go through buildRelease(). docs/decisions/0021-builds-switched-whole.md
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { astroBuildEnv } from '../tools/astro-build.mjs';
import { formHandlerBundle } from './forms.mjs';

export const RELEASES = '.releases';
const CURRENT = 'current';
const LOCK = 'build.lock';

const releasesDir = (root) => path.join(root, RELEASES);

/** The live build's folder (absolute, link resolved), or undefined before the first release. */
export async function currentRelease(root) {
  try {
    const target = await readlink(path.join(releasesDir(root), CURRENT));
    return path.resolve(releasesDir(root), target);
  } catch {
    return undefined;
  }
}

/**
 * The kept release live before `liveDir` (absolute), or undefined: its build files stay served, since
 * a page opened on it still asks for its own scripts (server/serve.mjs).
 */
export async function releaseBefore(root, liveDir) {
  try {
    const live = path.basename(liveDir);
    const ids = (await readdir(releasesDir(root), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && entry.name < live)
      .map((entry) => entry.name)
      .sort();
    return ids.length > 0 ? path.join(releasesDir(root), ids[ids.length - 1]) : undefined;
  } catch {
    return undefined;
  }
}

/** A name that sorts by time: 20261127T150102-123Z. */
const newId = () => new Date().toISOString().replace(/[-:]/g, '').replace('.', '-');

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error?.code === 'EPERM';
  }
};

/**
 * This boot of the computer, on Linux ('' elsewhere). A lock written before a reboot names a process
 * id that may by now belong to another program: alive, it held the lock for good, so the server's
 * builds waited forever and `npm run update` was refused.
 */
const BOOT_ID = await readFile('/proc/sys/kernel/random/boot_id', 'utf8').then(
  (text) => text.trim(),
  () => '',
);

/**
 * Whether a lock's text ('pid' or 'pid boot-id') names a build that may still be running.
 * @param {string} text @param {string} [bootId] @param {(pid: number) => boolean} [alive]
 */
export function lockHeld(text, bootId = BOOT_ID, alive = isAlive) {
  const [pidText = '', lockBoot = ''] = text.trim().split(/\s+/);
  const pid = Number.parseInt(pidText, 10);
  if (!pid) return false;
  if (lockBoot && bootId && lockBoot !== bootId) return false;
  return alive(pid);
}

/** How often a build that waits for another one tries the lock again. */
const LOCK_RETRY_MS = 250;

/**
 * One build at a time: two would share Astro's caches. A lock left by a dead process is taken over.
 * With `onBusy`, a build that finds another running waits for it to end (telling `onBusy` once, with
 * that build's process id) instead of failing: the server's own rebuilds, which nobody is there to
 * run again.
 * @param {string} dir @param {((pid: number) => void) | undefined} onBusy
 */
async function lock(dir, onBusy) {
  const file = path.join(dir, LOCK);
  let told = false;
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(`${process.pid} ${BOOT_ID}`.trim());
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error;
    }
    const text = await readFile(file, 'utf8').catch(() => '');
    if (!lockHeld(text)) {
      await rm(file, { force: true });
      continue;
    }
    const pid = Number.parseInt(text, 10);
    if (!onBusy) throw new Error(`another build is running (process ${pid}); try again when it ends`);
    if (!told) onBusy(pid);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}

/**
 * How `npm start` and `npm run update` build, beyond what every build gets: PRECOMPRESS=1, the server
 * sends the build's brotli and gzip copies (src/integrations/precompress.mjs), which the static hosts'
 * builds do without; INCREMENTAL_BUILD=1, the next release's build copies the post pages that did not
 * change (src/integrations/incremental-pages.mjs, decision 0051).
 */
export const START_BUILD_ENV = { PRECOMPRESS: '1', INCREMENTAL_BUILD: '1' };

/** `astro build --outDir DIR` with this Node; resolves with its output, rejects with its last lines. */
function astroBuild(root, outDir, { env, onOutput }) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir],
      {
        cwd: root,
        env: astroBuildEnv({ ASTRO_TELEMETRY_DISABLED: '1', ...env, ...START_BUILD_ENV }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        onOutput?.(String(chunk));
      });
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(output);
      else {
        const tail = output.trim().split('\n').slice(-15).join('\n');
        reject(new Error(`the build failed (${signal ?? `exit code ${code}`}):\n${tail}`));
      }
    });
  });
}

/** Points .releases/current at `id` in one step: a new link beside it, renamed over the old one. */
async function switchTo(dir, id) {
  const next = path.join(dir, `${CURRENT}.${process.pid}.next`);
  await rm(next, { force: true });
  await symlink(id, next);
  await rename(next, path.join(dir, CURRENT));
}

/**
 * Removes every release but the live one and the one live before it (requests that began on it may
 * still be reading), with their form handler bundles: older ones, and what an interrupted build left.
 */
async function prune(root, liveId, previousId) {
  const dir = releasesDir(root);
  const ids = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const keep = new Set([liveId, previousId]);
  for (const id of ids) {
    if (keep.has(id)) continue;
    await rm(path.join(dir, id), { recursive: true, force: true });
    await rm(path.dirname(formHandlerBundle(root, path.join(dir, id))), { recursive: true, force: true });
  }
}

/**
 * Builds the project at `root` into a fresh .releases/<id>/ and, if the build succeeds, makes it the
 * live one. On failure nothing live changes and the error says why (the build's last lines).
 * `onBusy`: wait for a build already running (see lock()) rather than fail; `env` may then be a
 * function, called once the lock is held, so a variable such as SITE_BUILD_NOW is the build's own.
 * @param {{ root: string, env?: Record<string, string | undefined> | (() => Record<string, string | undefined>), onOutput?: (text: string) => void, onBusy?: (pid: number) => void }} options
 * @returns {Promise<{ id: string, dir: string }>}
 */
export async function buildRelease({ root, env = process.env, onOutput, onBusy }) {
  const dir = releasesDir(root);
  await mkdir(dir, { recursive: true });
  const unlock = await lock(dir, onBusy);
  const id = newId();
  const outDir = path.join(dir, id);
  const previous = await currentRelease(root);
  try {
    await astroBuild(root, outDir, { env: typeof env === 'function' ? env() : env, onOutput });
    if (!existsSync(path.join(outDir, 'index.html')))
      throw new Error(`the build wrote no ${RELEASES}/${id}/index.html`);
    await switchTo(dir, id);
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    await rm(path.dirname(formHandlerBundle(root, outDir)), { recursive: true, force: true });
    await unlock();
    throw error;
  }
  try {
    await prune(root, id, previous && path.basename(previous));
  } finally {
    await unlock();
  }
  return { id, dir: outDir };
}
