// The benchmark's temporary copy of the project, with its own posts, and its timed build.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { astroBuildEnv } from '../astro-build.mjs';
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

/**
 * Runs `astro build` in `dir`: its seconds, CPU seconds, peak memory (bytes) and the number of pages
 * written. `env` adds variables (PRECOMPRESS=1 builds as `npm start` does).
 */
export async function timedBuild(dir, env = {}) {
  const astro = path.join(dir, 'node_modules/astro/bin/astro.mjs');
  const peakFile = path.join(dir, '.bench-peak');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', PEAK_MEMORY, astro, 'build'], {
    cwd: dir,
    // Under CI=true the build refuses the development account: bring one nobody can sign in with.
    env: astroBuildEnv({
      ...process.env,
      ...measurementAdminEnv(process.env),
      ASTRO_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
      BENCH_PEAK_FILE: peakFile,
      NO_COLOR: '1', // a log read for its figures (buildSteps)
      ...env,
    }),
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
  const { peak, cpu } = JSON.parse(readFileSync(peakFile, 'utf8'));
  return { seconds, cpu, peak, pages: countHtml(path.join(dir, 'dist')), steps: buildSteps(output) };
}

/**
 * Where the build's time went, from its log: Astro's own phases (its "Completed in" lines) and the
 * steps after it that say their time (the HTML pipeline, the compressed copies).
 */
export function buildSteps(output) {
  const steps = [];
  const phase = (name, pattern) => {
    // The last match: Astro says "Completed in" after each of its phases, the whole build last.
    const match = [...output.matchAll(pattern)].at(-1);
    // Astro writes a minute or more as "1m 2s".
    const [, minutes = '0', secs] = /^(?:(\d+)m )?([\d.]+)$/.exec(match?.[1] ?? '') ?? [];
    if (secs !== undefined) steps.push({ name, seconds: Number(minutes) * 60 + Number(secs) });
  };
  phase('Astro: content sync and types', /\[types\] Generated ((?:\d+m )?[\d.]+)s/g);
  phase('Astro: pages rendered', /generating static routes[\s\S]*?Completed in ((?:\d+m )?[\d.]+)s/g);
  phase('Astro: bundles and pages (after the sync)', /\[build\] ✓ Completed in ((?:\d+m )?[\d.]+)s\./g);
  phase('HTML pipeline', /\[html-pipeline\][^\n]*; ([\d.]+) s\n/g);
  phase('service worker', /Service worker [^\n]*in ([\d.]+) s/g);
  phase('compressed copies', /\[precompress\] Compressed copies of \d+ files in ([\d.]+) s/g);
  return steps;
}

function countHtml(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && entry.name.endsWith('.html'),
  ).length;
}
