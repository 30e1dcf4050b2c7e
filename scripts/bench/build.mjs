// The benchmark's temporary copy of the project, with its own posts, and its timed build.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { measurementAdminEnv } from '../build-env.mjs';
import { projectCopy } from '../project-copy.mjs';

const PEAK_MEMORY = new URL('./peak-memory.mjs', import.meta.url).href;

/** A copy of the project in a temporary folder, the real posts replaced by `posts` ({ file, text }). */
export async function projectWithPosts(posts) {
  // The real posts make way for the synthetic ones (their images stay, the synthetic posts use them).
  const dir = await projectCopy(
    'blog-bench-',
    (rel) => !(rel.startsWith(`content${path.sep}posts${path.sep}`) && rel.endsWith('.md')),
  );
  await Promise.all(posts.map((post) => fs.writeFile(path.join(dir, 'content/posts', post.file), post.text)));
  return dir;
}

/** Runs `astro build` in `dir`: its seconds, peak memory (bytes) and the number of pages written. */
export async function timedBuild(dir) {
  const astro = path.join(dir, 'node_modules/astro/bin/astro.mjs');
  const peakFile = path.join(dir, '.bench-peak');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', PEAK_MEMORY, astro, 'build'], {
    cwd: dir,
    // Under CI=true the build refuses the development account: bring one nobody can sign in with.
    env: {
      ...process.env,
      ...measurementAdminEnv(process.env),
      ASTRO_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
      BENCH_PEAK_FILE: peakFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) {
    console.error(output.slice(-4000));
    throw new Error(`astro build failed with exit code ${code}`);
  }
  const peak = Number(readFileSync(peakFile, 'utf8'));
  return { seconds, peak, pages: countHtml(path.join(dir, 'dist')) };
}

function countHtml(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && entry.name.endsWith('.html'),
  ).length;
}
