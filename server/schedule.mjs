// @ts-check
// Scheduled posts on the self-hosted server: each build records when its next scheduled post is due
// (SCHEDULE_FILE, written by src/pages/blog/schedule.json.ts), and the server rebuilds at that moment
// through the same buildRelease() as `npm run update`, then reads the new build's time and waits
// again. A rebuild that fails leaves the live build as it is; it is tried again after a minute, then
// after 5 and 15 minutes, and every 15 minutes until one succeeds.
// docs/decisions/0024-scheduled-posts.md
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SCHEDULE_FILE } from '../src/lib/site/publish-time.mjs';

/** setTimeout's longest wait (about 24.8 days); a longer one fires at once, so it is waited in parts. */
export const LONGEST_TIMER = 2 ** 31 - 1;
/** Waits before trying a failed scheduled rebuild again: 1, 5, then every 15 minutes. */
export const RETRY_DELAYS = [60_000, 5 * 60_000, 15 * 60_000];

/**
 * The next scheduled post's moment that the build in `dir` recorded, or undefined (none, or a build
 * from before scheduling, or a file that does not hold a date).
 * @param {string} dir
 * @returns {Promise<Date | undefined>}
 */
export async function recordedNextPublishTime(dir) {
  try {
    const { nextPublishAt } = JSON.parse(await readFile(path.join(dir, SCHEDULE_FILE), 'utf8'));
    if (typeof nextPublishAt !== 'string') return undefined;
    const date = new Date(nextPublishAt);
    return Number.isNaN(date.getTime()) ? undefined : date;
  } catch {
    return undefined;
  }
}

/**
 * @typedef {object} SchedulerOptions
 * @property {(dir: string) => Promise<Date | undefined>} [readNext] the build's next moment
 * @property {(reason: string) => Promise<string | undefined>} rebuild builds and switches; the new
 *   build's folder, or undefined when it failed (the live one stays)
 * @property {(text: string) => void} [log]
 * @property {() => number} [now]
 * @property {(run: () => void, ms: number) => unknown} [setTimer]
 * @property {(timer: unknown) => void} [clearTimer]
 */

/**
 * Keeps one timer for the live build's next scheduled post. `watch(dir)` after each switch (and at
 * start) re-arms it from that build's record.
 * @param {SchedulerOptions} options
 */
export function createScheduler({
  readNext = recordedNextPublishTime,
  rebuild,
  log = console.log,
  now = Date.now,
  setTimer = (run, ms) => setTimeout(run, ms).unref(),
  clearTimer = (timer) => clearTimeout(/** @type {NodeJS.Timeout} */ (timer)),
}) {
  /** @type {unknown} */
  let timer;
  let failures = 0;
  /** @type {string | undefined} */
  let watched;
  /** @type {number | undefined} */
  let armedFor;

  /** @param {() => void} run @param {number} ms */
  const wait = (run, ms) => {
    if (timer !== undefined) clearTimer(timer);
    timer = setTimer(() => {
      timer = undefined;
      run();
    }, ms);
  };

  /** Waits for `due`, in parts of at most LONGEST_TIMER, then rebuilds. @param {Date} due */
  function waitFor(due) {
    const left = due.getTime() - now();
    if (left > 0) {
      wait(() => waitFor(due), Math.min(left, LONGEST_TIMER));
      return;
    }
    void rebuild(`A scheduled post is due (${due.toISOString()})`).then((dir) => {
      if (dir) {
        void watch(dir);
        return;
      }
      const delay = RETRY_DELAYS[Math.min(failures, RETRY_DELAYS.length - 1)] ?? 60_000;
      failures += 1;
      log(`The scheduled rebuild failed; trying again in ${Math.round(delay / 60_000)} min.`);
      wait(() => waitFor(due), delay);
    });
  }

  /** Arms the timer from the build in `dir`. @param {string} dir */
  async function watch(dir) {
    const due = await readNext(dir);
    // The same build seen twice (its rebuild, then its first request): the timer stands.
    if (watched === dir && armedFor === due?.getTime()) return due;
    watched = dir;
    armedFor = due?.getTime();
    failures = 0;
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
    if (!due) {
      log('No scheduled posts: no rebuild planned.');
      return undefined;
    }
    log(`Next scheduled post is due at ${due.toISOString()}: the site rebuilds then.`);
    waitFor(due);
    return due;
  }

  return {
    watch,
    stop() {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
    },
  };
}
