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
 * Copies the project into a new folder named `${prefix}XXXXXX` and returns its path. `keep(rel)` may
 * leave out more files (`rel` is relative to the project, with the platform's separators).
 */
export async function projectCopy(prefix, keep = () => true) {
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
  return dir;
}
