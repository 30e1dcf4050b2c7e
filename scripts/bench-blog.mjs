// `npm run bench -- 1000`: how the blog scales. Copies the project to a temporary directory, puts N
// synthetic posts in its content/posts (instead of the real ones), runs `astro build` there and
// prints build time, peak memory and pages per second; then serves that build and measures in
// Chromium the time from a keystroke in the /blog search box to the updated results, and the gzip
// size of /blog's HTML. A benchmark, not a test: the figures depend on the machine.
//
//   npm run bench -- [N=100] [--keep] [--reuse=<kept copy>] [--no-browser] [--verbose]
//
// Targets at 1000 posts (issue 3): build < 60 s and < 2 GiB, search update < 16 ms, /blog < 100 KB gzip.
// It waits while another `astro build` runs on the machine, so the two do not slow each other down.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { measurementAdminEnv } from './build-env.mjs';
import { CHROME_FLAGS, CHROME_PATH } from './measure-server.mjs';
import { projectCopy } from './project-copy.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const count = Number.parseInt(args.find((a) => /^\d+$/.test(a)) ?? '100', 10);
const keep = args.includes('--keep');
/** A copy an earlier `--keep` run left, to measure its build again without rebuilding. */
const reuse = args.find((a) => a.startsWith('--reuse='))?.slice('--reuse='.length);
const withBrowser = !args.includes('--no-browser');
const verbose = args.includes('--verbose');
const TARGETS = { buildSeconds: 60, peakBytes: 2 * 1024 ** 3, searchMs: 16, blogGzipBytes: 100 * 1024 };

// --- Synthetic posts ------------------------------------------------------------------------------

/** A small seeded generator (mulberry32), so every run builds the same posts. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS = [
  ['Visual Schedules', 'visual schedules', ['Visual supports', 'Routines']],
  ['Morning Routines', 'morning routines', ['Routines', 'Home']],
  ['Bedtime and Sleep', 'bedtime and sleep', ['Routines', 'Wellbeing']],
  ['Sharing and Turn-Taking', 'sharing and taking turns', ['Social skills', 'Play']],
  ['Asking for Help', 'asking for help', ['Communication']],
  ['Trips to the Grocery Store', 'grocery store trips', ['Community', 'Life skills']],
  ['Starting a New School Year', 'a new school year', ['School', 'Transitions']],
  ['Toilet Training', 'toilet training', ['Life skills', 'Home']],
  ['Mealtimes', 'mealtimes', ['Home', 'Life skills']],
  ['Waiting', 'waiting', ['Routines', 'Community']],
  ['Doctor and Dentist Visits', 'doctor and dentist visits', ['Community', 'Wellbeing']],
  ['Making Friends', 'making friends', ['Social skills']],
  ['Using a Communication Device', 'communication devices', ['Communication']],
  ['Getting Dressed', 'getting dressed', ['Life skills', 'Routines']],
  ['Calm-Down Plans', 'calm-down plans', ['Wellbeing', 'Home']],
  ['Siblings', 'siblings', ['Families']],
  ['Working with Your Child’s School', 'working with schools', ['School', 'Families']],
  ['Funding and the OAP', 'funding and the Ontario Autism Program', ['Ontario', 'Funding']],
  ['Moving to Adult Services', 'adult services', ['Transitions', 'Ontario']],
  ['Caregiver Wellbeing', 'caregiver wellbeing', ['Caregivers', 'Wellbeing']],
  ['Screen Time', 'screen time', ['Home', 'Play']],
  ['Haircuts', 'haircuts', ['Community', 'Life skills']],
];
const ANGLES = [
  ['A Practical Guide', 'a practical guide to'],
  ['Five Small Steps', 'five small steps for'],
  ['What We Have Learned', 'what families have taught us about'],
  ['Questions Families Ask', 'common questions about'],
  ['Getting Started', 'a gentle way to start with'],
  ['When Things Get Hard', 'what to try when it gets hard with'],
  ['Ideas That Fit Busy Days', 'ideas for busy days and'],
  ['A Checklist', 'a short checklist for'],
  ['Myths and Facts', 'myths and facts about'],
  ['Planning Ahead', 'planning ahead for'],
];
const WHO = ['', ' for Young Children', ' for Teens', ' for Adults', ' at Home and in the Community'];
const PARAGRAPHS = [
  'Every person learns at their own pace, and what works for one family may not work for another. Start with one small change, watch what happens for a week, and adjust from there.',
  'Pictures, timers and short written lists can make the next step easier to predict. Keep them where the person can see them, and use the same words each time.',
  'Praise the effort, not only the result. Noticing the small steps a person takes, and saying so, tells them what is going well and makes it more likely to happen again.',
  'If something is not working, it is information, not failure. Look at what happened just before and just after, and ask what the person might be telling you.',
  'Involve the person in the plan as much as they can be. Offer real choices, respect a "no" when you can, and explain changes ahead of time.',
  'Talk with everyone who supports the person, such as teachers, relatives and support workers, so that the approach is the same in different places.',
  'Write down what you try and what happens. A few notes a day are enough to see patterns that are hard to notice in the moment.',
  'Take care of yourself too. Short breaks, help from others and realistic goals make it easier to keep going over months and years.',
];
const HEADINGS = [
  'Why it matters',
  'Where to start',
  'Making it part of the day',
  'If it does not go to plan',
  'When to ask for help',
];
const IMAGES = readdirSync(path.join(root, 'content/posts/images')).filter((f) =>
  /\.(svg|png|jpe?g|webp)$/.test(f),
);

function syntheticPosts(n) {
  const rand = random(20250105);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const titles = [];
  for (const topic of TOPICS)
    for (const angle of ANGLES) for (const who of WHO) titles.push([topic, angle, who]);
  for (let i = titles.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [titles[i], titles[j]] = [titles[j], titles[i]];
  }
  const start = Date.UTC(2014, 0, 1);
  const span = Date.UTC(2026, 0, 1) - start;
  return Array.from({ length: n }, (_, i) => {
    const [[topic, phrase, tags], [angle, lead], who] = titles[i % titles.length];
    const round = Math.floor(i / titles.length);
    const title = `${topic}${who}: ${angle}${round ? ` (part ${round + 1})` : ''}`;
    const excerpt = `${lead[0].toUpperCase()}${lead.slice(1)} ${phrase}${who.toLowerCase()}, with ideas you can try this week and signs that it is time to ask for support.`;
    const date = new Date(start + Math.floor(rand() * span)).toISOString().slice(0, 10);
    const extraTag = rand() < 0.4 ? [pick(['Families', 'Getting started', 'ABA basics'])] : [];
    const body = [];
    for (let s = 0; s < 2 + Math.floor(rand() * 3); s += 1) {
      body.push(`## ${HEADINGS[(i + s) % HEADINGS.length]}`);
      for (let p = 0; p < 1 + Math.floor(rand() * 3); p += 1) body.push(pick(PARAGRAPHS));
      if (rand() < 0.3)
        body.push(
          ['- Keep it short', '- Use the same words each time', '- Stop while it is going well'].join('\n'),
        );
    }
    const lines = [
      '---',
      `title: ${JSON.stringify(title)}`,
      `excerpt: ${JSON.stringify(excerpt)}`,
      'tags:',
      ...[...new Set([...tags, ...extraTag])].map((tag) => `  - ${tag}`),
      `publishedAt: ${date}`,
      ...(IMAGES.length && rand() < 0.8 ? [`featuredImage: ./images/${IMAGES[i % IMAGES.length]}`] : []),
      '---',
      '',
      body.join('\n\n'),
      '',
    ];
    return { file: `bench-${String(i + 1).padStart(5, '0')}.md`, text: lines.join('\n') };
  });
}

// --- The temporary copy -----------------------------------------------------------------------------

function makeCopy() {
  // The real posts make way for the synthetic ones (their images stay, the synthetic posts use them).
  return projectCopy(
    'blog-bench-',
    (rel) => !(rel.startsWith(`content${path.sep}posts${path.sep}`) && rel.endsWith('.md')),
  );
}

// --- Measuring the build ----------------------------------------------------------------------------

/** Other `astro build` processes on this machine (not ours). */
function otherBuilds() {
  const found = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    if (Number(pid) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (/astro(\.mjs)?\s+build/.test(cmd) && !cmd.includes('bench-blog'))
        found.push(`${pid} ${cmd.trim()}`);
    } catch {
      // the process has ended
    }
  }
  return found;
}

async function waitForOtherBuilds() {
  for (let waited = 0; ; waited += 5) {
    const others = otherBuilds();
    if (others.length === 0) return;
    if (waited === 0) console.log(`Waiting for another build to finish:\n  ${others.join('\n  ')}`);
    if (waited >= 1800) throw new Error('Another build has been running for 30 minutes; try again later.');
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
function treeRss(rootPid) {
  const children = new Map();
  const rss = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      rss.set(Number(pid), Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(pid));
    } catch {
      // the process has ended
    }
  }
  let total = 0;
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.pop();
    total += rss.get(pid) ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

async function build(dir) {
  const astro = path.join(dir, 'node_modules/astro/bin/astro.mjs');
  const started = performance.now();
  const child = spawn(process.execPath, [astro, 'build'], {
    cwd: dir,
    // Under CI=true the build refuses the development account: bring one nobody can sign in with.
    env: {
      ...process.env,
      ...measurementAdminEnv(process.env),
      ASTRO_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(child.pid))), 100);
  const code = await new Promise((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) {
    console.error(output.slice(-4000));
    throw new Error(`astro build failed with exit code ${code}`);
  }
  return { seconds, peak, pages: countHtml(path.join(dir, 'dist')) };
}

function countHtml(dir) {
  let n = 0;
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) n += countHtml(full);
    else if (entry.endsWith('.html')) n += 1;
  }
  return n;
}

// --- Serving and measuring in Chromium --------------------------------------------------------------

async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function serve(dir) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/serve.mjs'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('Serving') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** Bytes on the wire for a URL as the server sends it with gzip, and its uncompressed size. */
function gzipSize(url) {
  const get = (encoding) =>
    new Promise((resolve, reject) => {
      http
        .get(url, { headers: { 'Accept-Encoding': encoding } }, (res) => {
          let bytes = 0;
          res.on('data', (chunk) => (bytes += chunk.length));
          res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
        })
        .on('error', reject);
    });
  return Promise.all([get('gzip'), get('identity')]).then(([gz, raw]) => ({
    gzip: gz.bytes,
    raw: raw.bytes,
    compressed: gz.encoding === 'gzip',
  }));
}

// Runs in the page: times each keystroke (keydown, in the page's clock) and each change to the
// results (the island's list, or the built list it hides or shows again), and the frame after it.
// A keystroke that leaves the list as it was changes nothing to observe, yet its search still runs:
// a chain of tiny tasks from the keydown on notices each stretch of other work on the main thread
// (the search, React's render, style and layout); `busyEnd` is the end of the continuous stretch
// that starts at the keydown, when that keystroke's work is done.
const PROBE_MS = 350;
function instrument(probeMs) {
  const bench = { key: 0, busyEnd: 0, changes: [], frames: [] };
  window.__bench = bench;
  document.addEventListener(
    'keydown',
    () => {
      const start = performance.now();
      bench.key = start;
      bench.busyEnd = start;
      let last = start;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const now = performance.now();
        // A gap means other work ran; it belongs to this keystroke while the work is continuous.
        if (now - last > 2 && last - bench.busyEnd < 5) bench.busyEnd = now;
        last = now;
        if (now - start < probeMs) channel.port2.postMessage(0);
        else channel.port1.close();
      };
      channel.port2.postMessage(0);
    },
    true,
  );
  const inResults = (node) =>
    node instanceof Element && (node.closest('[data-blog-results]') || node.id === 'blog-static-list');
  new MutationObserver((records) => {
    const touched = records.some(
      (r) =>
        inResults(r.target instanceof Element ? r.target : r.target.parentElement) ||
        [...r.addedNodes, ...r.removedNodes].some(
          (n) => n instanceof Element && n.matches('[data-blog-results]'),
        ),
    );
    if (!touched) return;
    bench.changes.push(performance.now());
    requestAnimationFrame(() => bench.frames.push(performance.now()));
  }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}

async function settle(page, quietMs = 300, maxMs = 5000) {
  const start = Date.now();
  let last = -1;
  let stableSince = Date.now();
  while (Date.now() - start < maxMs) {
    const n = await page.evaluate(() => window.__bench.changes.length);
    if (n !== last) {
      last = n;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
}

async function keystroke(page, key) {
  await page.evaluate(() => {
    window.__bench.changes = [];
    window.__bench.frames = [];
  });
  const pressed = Date.now();
  await page.keyboard.press(key);
  await settle(page);
  await page.waitForTimeout(Math.max(0, PROBE_MS + 50 - (Date.now() - pressed)));
  return page.evaluate(() => {
    const { key: at, busyEnd, changes, frames } = window.__bench;
    return {
      dom: changes.length ? changes.at(-1) - at : undefined,
      frame: changes.length ? (frames.at(-1) ?? changes.at(-1)) - at : undefined,
      busy: Math.max(busyEnd, changes.at(-1) ?? 0) - at,
    };
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1];

// Words in the synthetic titles and excerpts, and one typo ('frends'), typed letter by letter.
const WORDS = [
  'routine',
  'sleep',
  'schedul',
  'frends',
  'school',
  'help',
  'dentist',
  'sibling',
  'waiting',
  'grocery',
];

async function measureSearch(origin) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${origin}/blog`, { waitUntil: 'networkidle' });
    await page.evaluate(instrument, PROBE_MS);
    const box = page.getByPlaceholder('Search posts...');
    if ((await box.count()) === 0)
      throw new Error('/blog has no search box with the placeholder "Search posts..."');

    // A word from the newest post's title, so the search finds something whatever posts the copy has
    // (the synthetic posts' topics are drawn at random: with 50 of them, none is about visual schedules).
    const newest = (await page.locator('main [data-card-link]').first().textContent()) ?? '';
    const word = newest.toLowerCase().match(/[a-z]{4,}/)?.[0];
    if (!word) throw new Error(`/blog lists no post with a word to search for ("${newest.trim()}").`);

    // First use: the island hydrates, fetches the post list and fuse.js, then shows results.
    await box.click();
    const first = await keystroke(page, word[0]);
    if (first.dom === undefined) throw new Error('The first keystroke in the search box changed no results.');
    for (const key of word.slice(1)) await page.keyboard.press(key); // 4+ letters build the fuzzy index once
    await page.waitForLoadState('networkidle');
    await settle(page, 500);
    await page.waitForSelector('[data-blog-results] [data-card-link]', { timeout: 10000 });
    await box.fill('');
    await settle(page, 500);

    // Warm: each letter of a few words typed one at a time, the box cleared between words.
    const samples = [];
    for (const word of WORDS) {
      for (const [i, key] of [...word].entries()) {
        const sample = await keystroke(page, key);
        if (verbose) {
          const list = sample.dom === undefined ? 'list unchanged' : `list updated ${ms(sample.dom)}`;
          console.log(`  "${word.slice(0, i + 1)}": ${list}, work done ${ms(sample.busy)}`);
        }
        samples.push(sample);
      }
      await box.fill('');
      await settle(page);
    }
    const updated = samples.filter((s) => s.dom !== undefined);
    return {
      first,
      keystrokes: samples.length,
      updates: updated.length,
      dom: median(updated.map((s) => s.dom)),
      domP90: percentile(
        updated.map((s) => s.dom),
        90,
      ),
      frame: median(updated.map((s) => s.frame)),
      busy: median(samples.map((s) => s.busy)),
      busyP90: percentile(
        samples.map((s) => s.busy),
        90,
      ),
    };
  } finally {
    await browser.close();
  }
}

// --- Report -----------------------------------------------------------------------------------------

const fmtBytes = (n) =>
  n >= 1024 ** 3
    ? `${(n / 1024 ** 3).toFixed(2)} GiB`
    : n >= 1024 ** 2
      ? `${(n / 1024 ** 2).toFixed(0)} MiB`
      : `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => (n === undefined ? 'n/a' : `${n.toFixed(1)} ms`);
const verdict = (ok) => (ok === undefined ? '' : ok ? 'yes' : 'NO');

async function main() {
  if (!Number.isFinite(count) || count < 1) throw new Error('Usage: npm run bench -- <number of posts>');
  const dir = reuse ? path.resolve(reuse) : await makeCopy();
  const posts = reuse
    ? readdirSync(path.join(dir, 'content/posts')).filter((f) => f.endsWith('.md')).length
    : count;
  console.log(`Blog benchmark with ${posts} synthetic posts`);
  console.log(
    `Copy: ${dir}${reuse ? ' (reused: its build is measured, not rebuilt)' : keep ? ' (kept)' : ''}`,
  );
  try {
    let built;
    const loadBefore = os.loadavg()[0];
    if (!reuse) {
      const files = syntheticPosts(count);
      await Promise.all(files.map((p) => fs.writeFile(path.join(dir, 'content/posts', p.file), p.text)));
      await waitForOtherBuilds();
      console.log('Building...');
      built = await build(dir);
    }
    const hasBlog = existsSync(path.join(dir, 'dist/blog/index.html'));

    let search;
    let html;
    let index;
    if (!hasBlog) {
      console.log('No /blog in this build yet: the browser measurements are skipped.');
    } else {
      const server = await serve(dir);
      try {
        html = await gzipSize(`${server.origin}/blog`);
        index = existsSync(path.join(dir, 'dist/blog/posts.json'))
          ? await gzipSize(`${server.origin}/blog/posts.json`)
          : undefined;
        if (withBrowser) search = await measureSearch(server.origin);
      } finally {
        server.stop();
      }
    }

    const rows = [['posts', String(posts), '', '']];
    if (built)
      rows.push(
        ['pages built (HTML files)', String(built.pages), '', ''],
        [
          'build time',
          `${built.seconds.toFixed(1)} s`,
          `< ${TARGETS.buildSeconds} s`,
          verdict(built.seconds < TARGETS.buildSeconds),
        ],
        [
          'peak memory (build process tree, RSS)',
          fmtBytes(built.peak),
          '< 2 GiB',
          verdict(built.peak < TARGETS.peakBytes),
        ],
        ['pages per second', (built.pages / built.seconds).toFixed(1), '', ''],
      );
    if (html)
      rows.push([
        '/blog HTML, gzip (uncompressed)',
        `${fmtBytes(html.gzip)} (${fmtBytes(html.raw)})${html.compressed ? '' : ' [server sent it uncompressed]'}`,
        '< 100 KB',
        verdict(html.gzip < TARGETS.blogGzipBytes),
      ]);
    if (index) rows.push(['/blog/posts.json (loaded on first search), gzip', fmtBytes(index.gzip), '', '']);
    if (search) {
      rows.push(['first keystroke → results (hydrate, load list)', ms(search.first?.dom), '', '']);
      rows.push([
        `keystroke → updated results in DOM, median of ${search.updates}`,
        ms(search.dom),
        `< ${TARGETS.searchMs} ms`,
        verdict(search.dom < TARGETS.searchMs),
      ]);
      rows.push(['  same, 90th percentile', ms(search.domP90), '', '']);
      rows.push(['  same, to the next frame (median)', ms(search.frame), '', '']);
      rows.push([
        `keystroke → its work done, median of all ${search.keystrokes}`,
        ms(search.busy),
        `< ${TARGETS.searchMs} ms`,
        verdict(search.busy < TARGETS.searchMs),
      ]);
      rows.push(['  same, 90th percentile', ms(search.busyP90), '', '']);
    }
    const widths = [0, 1, 2, 3].map((c) =>
      Math.max(...rows.map((r) => r[c].length), ['measure', 'value', 'target', 'met'][c].length),
    );
    const line = (cells) => `| ${cells.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
    console.log(`\n${line(['measure', 'value', 'target', 'met'])}`);
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
    console.log(
      `\nNode ${process.version}, ${os.cpus().length} CPU(s), ${fmtBytes(os.totalmem())} RAM; load average ` +
        `${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after (other work on the machine slows every figure).`,
    );
  } finally {
    if (!keep && !reuse) await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
