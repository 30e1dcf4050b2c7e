// A throwaway copy of the project in the system's temporary folder, for what must build or test the
// project with other content than the repository's (tools/bench-blog.mjs, tests/site/): the
// working files without build output, git data or caches, and a node_modules of links to the
// project's packages, so the copy's caches (node_modules/.astro, .vite) start empty and stay out of
// the project's own.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

const SKIP = new Set([
  'node_modules',
  'dist',
  '.astro',
  '.git',
  'test-results',
  'playwright-report',
  '.data',
  'coverage',
  '.releases',
  '.server',
]);
const CACHES = new Set(['.astro', '.vite', '.cache']);
/**
 * The build caches of node_modules/.astro a copy may start from: each is keyed by what it was made
 * from (a picture's bytes, a page's or post's text, the built files), so a copy with other posts
 * reuses only what is the same and makes the rest. Astro's content store (data-store.json) is left
 * out: a copy's posts are read as if for the first time.
 */
export const SEEDED_CACHES = [
  'assets',
  'html-pipeline',
  'sanitized-posts.json',
  'service-worker',
  'precompress',
];

/**
 * Copies the project into a new folder named `${prefix}XXXXXX` and returns its path. `keep(rel)` may
 * leave out more files (`rel` is relative to the project, with the platform's separators).
 * `buildCaches` copies the project's SEEDED_CACHES into the copy's own cache folder, for a copy that
 * tests what a build makes rather than how long a cold one takes (the site tests; not the benchmark).
 * @param {string} prefix
 * @param {(rel: string) => boolean} [keep]
 * @param {{ buildCaches?: boolean }} [options]
 */
export async function projectCopy(prefix, keep = () => true, { buildCaches = false } = {}) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.cp(projectRoot, dir, {
    recursive: true,
    filter: (source) => {
      const rel = path.relative(projectRoot, source);
      return !SKIP.has(rel.split(path.sep)[0]) && keep(rel);
    },
  });
  await fs.mkdir(path.join(dir, 'node_modules'));
  for (const entry of await fs.readdir(path.join(projectRoot, 'node_modules'))) {
    if (CACHES.has(entry)) continue;
    await fs.symlink(path.join(projectRoot, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  if (buildCaches) {
    for (const name of SEEDED_CACHES) {
      const from = path.join(projectRoot, 'node_modules/.astro', name);
      await fs.cp(from, path.join(dir, 'node_modules/.astro', name), { recursive: true }).catch((error) => {
        if (error.code !== 'ENOENT') throw error; // a cache the project has not made yet
      });
    }
  }
  return dir;
}
