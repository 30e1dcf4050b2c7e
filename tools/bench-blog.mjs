// `npm run bench -- 1000`: how the blog scales. Copies the project to a temporary directory, puts N
// synthetic posts in its content/posts (instead of the real ones), runs `astro build` there and
// prints build time, peak memory and pages per second; then serves that build (the audits' server
// helper, tools/measure-server.mjs) and measures in Chromium the time from a keystroke in the
// /blog search box to the updated results, and the gzip size of /blog's HTML and of the largest list
// of posts (a later page of the blog, or a tag's). A benchmark, not a
// test: the figures depend on the machine, and on what else runs on it (compare runs made alike).
//
//   npm run bench -- [N=100] [--start] [--rebuild] [--keep] [--reuse=<kept copy>] [--no-browser] [--verbose]
//
// --start builds as `npm start` does (START_BUILD_ENV in server/releases.mjs: with the compressed
// copies the static hosts do without, and Astro's incremental build, which copies unchanged post
// pages in the next build); --rebuild then changes one post and builds again, with the caches the
// first build left.
//
// The parts: tools/bench/posts.mjs (the posts), build.mjs (the copy and its build), search.mjs
// (Chromium), transfer.mjs (bytes on the wire), report.mjs (the table and its targets).
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { START_BUILD_ENV } from '../server/releases.mjs';
import { projectWithPosts, timedBuild } from './bench/build.mjs';
import { syntheticPosts } from './bench/posts.mjs';
import { machineLine, renderTable, reportRows } from './bench/report.mjs';
import { measureSearch } from './bench/search.mjs';
import { gzipSize, largestListPage } from './bench/transfer.mjs';
import { startServer } from './measure-server.mjs';
import { projectRoot } from './project-copy.mjs';

const args = process.argv.slice(2);
// A mistyped flag (--rebuld) or count would otherwise measure another run than the one asked for.
const FLAGS = ['--start', '--rebuild', '--keep', '--no-browser', '--verbose'];
const COUNT = /^[1-9]\d*$/;
const unknown = args.filter((a) => !COUNT.test(a) && !FLAGS.includes(a) && !a.startsWith('--reuse='));
if (unknown.length > 0 || args.filter((a) => COUNT.test(a)).length > 1) {
  console.error(
    `${unknown.length > 0 ? `Not understood: ${unknown.join(' ')}` : 'One number of posts only'}.\n` +
      'Usage: npm run bench -- [N=100] [--start] [--rebuild] [--keep] [--reuse=<kept copy>] [--no-browser] [--verbose]',
  );
  process.exit(2);
}
const count = Number.parseInt(args.find((a) => COUNT.test(a)) ?? '100', 10);
const keep = args.includes('--keep');
/** A copy an earlier `--keep` run left, to measure its build again without rebuilding. */
const reuse = args.find((a) => a.startsWith('--reuse='))?.slice('--reuse='.length);
if (reuse !== undefined) {
  // A mistyped folder gave a bare ENOENT; this working copy was measured as synthetic posts, and
  // --rebuild appended a paragraph to one of its real posts.
  const folder = path.resolve(reuse);
  const problem =
    folder === projectRoot
      ? `that is this working copy (${folder}), not a copy a \`--keep\` run left: its posts are the real ones, and --rebuild would change one of them.`
      : !existsSync(path.join(folder, 'content/posts'))
        ? 'no copy of the project there (it has no content/posts). Give the folder an earlier `npm run bench -- N --keep` printed after "Copy:".'
        : undefined;
  if (problem) {
    console.error(`--reuse=${reuse}: ${problem}`);
    process.exit(2);
  }
}
const withBrowser = !args.includes('--no-browser');
const verbose = args.includes('--verbose');
const asStart = args.includes('--start');
const rebuild = args.includes('--rebuild');

/** Serves the copy's build and measures what a visitor of /blog gets. */
async function measureBlog(dir) {
  const server = await startServer({ cwd: dir });
  try {
    const html = await gzipSize(`${server.origin}/blog`);
    const index = existsSync(path.join(dir, 'dist/blog/posts.json'))
      ? await gzipSize(`${server.origin}/blog/posts.json`)
      : undefined;
    // A tag's page or a later page of the blog, whichever is largest: each must stay small too.
    const largest = largestListPage(path.join(dir, 'dist'));
    const list = largest && { url: largest, ...(await gzipSize(`${server.origin}${largest}`)) };
    const search = withBrowser ? await measureSearch(server.origin, { verbose }) : undefined;
    return { html, list, index, search };
  } finally {
    server.stop();
  }
}

async function main() {
  const dir = reuse ? path.resolve(reuse) : await projectWithPosts(syntheticPosts(count));
  const posts = readdirSync(path.join(dir, 'content/posts')).filter((f) => f.endsWith('.md')).length;
  console.log(`Blog benchmark with ${posts} synthetic posts`);
  console.log(
    `Copy: ${dir}${reuse ? ' (reused: its build is measured, not rebuilt)' : keep ? ' (kept)' : ''}`,
  );
  try {
    const loadBefore = os.loadavg()[0];
    let built;
    let rebuilt;
    const env = asStart ? START_BUILD_ENV : {};
    if (!reuse) {
      console.log('Building...');
      built = { ...(await timedBuild(dir, env)), start: asStart };
    }
    if (rebuild) {
      const posts = path.join(dir, 'content/posts');
      const [first] = readdirSync(posts)
        .filter((f) => f.endsWith('.md'))
        .sort();
      await fs.appendFile(path.join(posts, first), '\nOne more paragraph, written after the first build.\n');
      console.log(`Building again after a change to ${first}...`);
      rebuilt = await timedBuild(dir, env);
    }
    let measured = {};
    if (existsSync(path.join(dir, 'dist/blog/index.html'))) measured = await measureBlog(dir);
    else console.log('No /blog in this build yet: the browser measurements are skipped.');
    console.log(`\n${renderTable(reportRows({ posts, built, rebuilt, ...measured }))}`);
    console.log(`\n${machineLine(loadBefore)}`);
  } finally {
    if (!keep && !reuse) await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
