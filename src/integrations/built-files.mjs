// The files a build wrote, for the integrations that finish them once Astro is done.
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Every file under `dir` (all folders) whose name matches `name`, as absolute paths. */
export async function builtFiles(dir, name) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && name.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
