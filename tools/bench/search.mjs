// The search latency of /blog, measured in Chromium (playwright-core, the system browser).
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH } from '../measure-server.mjs';
import { median, ms, percentile } from './report.mjs';

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

/**
 * The search box of /blog at `origin`, in Chromium: the first keystroke (hydration, the post list,
 * fuse.js), then each letter of a few words, timed to the updated results and to the end of its work.
 */
export async function measureSearch(origin, { verbose = false } = {}) {
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
