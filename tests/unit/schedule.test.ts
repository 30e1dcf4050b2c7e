// The self-hosted server's rebuild timer for scheduled posts (server/schedule.mjs), on a clock the
// test moves: it rebuilds at the recorded moment and re-arms from the new build, waits more than
// setTimeout's 24.8 days in parts, and after a failed rebuild keeps the live build and tries again.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createScheduler,
  LONGEST_TIMER,
  recordedNextPublishTime,
  RETRY_DELAYS,
} from '../../server/schedule.mjs';

/** A clock and timers the test moves by hand. */
function fakeTime(start: number) {
  let now = start;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 0;
  return {
    now: () => now,
    setTimer: (run: () => void, ms: number) => {
      expect(ms).toBeLessThanOrEqual(LONGEST_TIMER);
      const id = (nextId += 1);
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimer: (id: unknown) => (timers = timers.filter((t) => t.id !== id)),
    pending: () => timers.map((t) => t.at),
    /** Moves the clock to the first timer and runs it. */
    async fire() {
      const first = timers.sort((a, b) => a.at - b.at).shift();
      if (!first) throw new Error('no timer');
      now = first.at;
      first.run();
      // Let the rebuild's promise and the re-arm run.
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    },
  };
}

const T0 = Date.parse('2026-12-07T12:59:00Z');
const MONDAY_8 = new Date('2026-12-07T13:00:00Z');

describe('the rebuild timer for scheduled posts', () => {
  it("rebuilds at the recorded moment, then waits for the new build's next one", async () => {
    const time = fakeTime(T0);
    const records: Record<string, Date | undefined> = {
      first: MONDAY_8,
      second: new Date('2026-12-24T13:00:00Z'),
    };
    const rebuilds: number[] = [];
    const log: string[] = [];
    const scheduler = createScheduler({
      ...time,
      readNext: async (dir) => records[dir],
      rebuild: async () => {
        rebuilds.push(time.now());
        return 'second';
      },
      log: (text) => log.push(text),
    });
    expect(await scheduler.watch('first')).toEqual(MONDAY_8);
    expect(time.pending()).toEqual([MONDAY_8.getTime()]);
    expect(rebuilds).toEqual([]);
    await time.fire();
    expect(rebuilds).toEqual([MONDAY_8.getTime()]);
    expect(time.pending()).toEqual([Date.parse('2026-12-24T13:00:00Z')]);
    expect(log.join('\n')).toContain('Next scheduled post is due at 2026-12-24T13:00:00.000Z');
  });

  it('waits longer than setTimeout can, in parts, and rebuilds only at the moment', async () => {
    const time = fakeTime(T0);
    const due = new Date(T0 + 60 * 86_400_000);
    let rebuilt = 0;
    const scheduler = createScheduler({
      ...time,
      readNext: async () => due,
      rebuild: async () => {
        rebuilt += 1;
        expect(time.now()).toBe(due.getTime());
        return undefined;
      },
      log: () => {},
    });
    await scheduler.watch('live');
    await time.fire();
    await time.fire();
    expect(rebuilt).toBe(0);
    await time.fire();
    expect(rebuilt).toBe(1);
    scheduler.stop();
  });

  it('after a failed rebuild keeps waiting and tries again, 1, 5, then 15 minutes later', async () => {
    const time = fakeTime(T0);
    const attempts: number[] = [];
    const log: string[] = [];
    const scheduler = createScheduler({
      ...time,
      readNext: async (dir) => (dir === 'live' ? MONDAY_8 : undefined),
      rebuild: async () => {
        attempts.push(time.now());
        return attempts.length < 5 ? undefined : 'new';
      },
      log: (text) => log.push(text),
    });
    await scheduler.watch('live');
    for (let i = 0; i < 5; i += 1) await time.fire();
    const start = MONDAY_8.getTime();
    expect(RETRY_DELAYS).toEqual([60_000, 5 * 60_000, 15 * 60_000]);
    expect(LONGEST_TIMER).toBe(2 ** 31 - 1); // Node's longest setTimeout
    expect(attempts).toEqual([
      start,
      start + RETRY_DELAYS[0]!,
      start + RETRY_DELAYS[0]! + RETRY_DELAYS[1]!,
      start + RETRY_DELAYS[0]! + RETRY_DELAYS[1]! + RETRY_DELAYS[2]!,
      start + RETRY_DELAYS[0]! + RETRY_DELAYS[1]! + 2 * RETRY_DELAYS[2]!,
    ]);
    expect(log).toContain('The scheduled rebuild failed; trying again in 1 min.');
    expect(log.filter((line) => line.endsWith('in 15 min.'))).toHaveLength(2);
    expect(log.at(-1)).toBe('No scheduled posts: no rebuild planned.');
    expect(time.pending()).toEqual([]);
  });

  it('plans nothing for a build without scheduled posts, and a time already past rebuilds at once', async () => {
    const time = fakeTime(T0);
    let rebuilt = 0;
    const scheduler = createScheduler({
      ...time,
      readNext: async (dir) => (dir === 'past' ? new Date(T0 - 1000) : undefined),
      rebuild: async () => {
        rebuilt += 1;
        return 'none';
      },
      log: () => {},
    });
    expect(await scheduler.watch('none')).toBeUndefined();
    expect(time.pending()).toEqual([]);
    await scheduler.watch('past');
    expect(time.pending()).toEqual([]);
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(rebuilt).toBe(1);
  });

  it('does not rebuild before the moment, even a moment before it', async () => {
    const time = fakeTime(T0);
    let rebuilt = 0;
    const scheduler = createScheduler({
      ...time,
      readNext: async () => new Date(T0 + 500),
      rebuild: async () => {
        rebuilt += 1;
        return undefined;
      },
      log: () => {},
    });
    await scheduler.watch('soon');
    expect(time.pending()).toEqual([T0 + 500]);
    expect(rebuilt).toBe(0);
    scheduler.stop();
    expect(time.pending()).toEqual([]);
  });

  it("re-arms for a build's new moment, and drops the old timer when a build has none", async () => {
    const time = fakeTime(T0);
    const records: Record<string, Date | undefined> = { live: MONDAY_8 };
    const scheduler = createScheduler({
      ...time,
      readNext: async (dir) => records[dir],
      rebuild: async () => undefined,
      log: () => {},
    });
    await scheduler.watch('live');
    records.live = new Date('2026-12-08T13:00:00Z');
    await scheduler.watch('live');
    expect(time.pending()).toEqual([Date.parse('2026-12-08T13:00:00Z')]);
    await scheduler.watch('empty');
    expect(time.pending()).toEqual([]);
  });

  it("starts the retry delays again for a new build's scheduled post", async () => {
    const time = fakeTime(T0);
    const later = new Date('2026-12-24T13:00:00Z');
    const attempts: number[] = [];
    const scheduler = createScheduler({
      ...time,
      readNext: async (dir) => (dir === 'live' ? MONDAY_8 : later),
      rebuild: async () => {
        attempts.push(time.now());
        return attempts.length === 3 ? 'next' : undefined;
      },
      log: () => {},
    });
    await scheduler.watch('live');
    for (let i = 0; i < 3; i += 1) await time.fire(); // fails twice, then builds 'next'
    await time.fire(); // fails at `later`
    expect(time.pending()).toEqual([later.getTime() + RETRY_DELAYS[0]!]);
  });

  it('keeps one timer when a build is switched while a scheduled rebuild runs', async () => {
    const time = fakeTime(T0);
    let finish: (dir: string | undefined) => void = () => {};
    const scheduler = createScheduler({
      ...time,
      readNext: async (dir) => (dir === 'live' ? MONDAY_8 : new Date('2026-12-24T13:00:00Z')),
      rebuild: () => new Promise((resolve) => (finish = resolve)),
      log: () => {},
    });
    await scheduler.watch('live');
    await time.fire(); // the rebuild starts and is still running
    await scheduler.watch('updated'); // `npm run update` switched builds meanwhile
    finish(undefined); // then the scheduled rebuild fails
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(time.pending()).toHaveLength(1);
  });

  it("reads the build's record, and nothing from a build without one", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'schedule-'));
    try {
      expect(await recordedNextPublishTime(dir)).toBeUndefined();
      await mkdir(join(dir, 'blog'));
      await writeFile(join(dir, 'blog/schedule.json'), JSON.stringify({ nextPublishAt: null }));
      expect(await recordedNextPublishTime(dir)).toBeUndefined();
      await writeFile(
        join(dir, 'blog/schedule.json'),
        JSON.stringify({ nextPublishAt: MONDAY_8.toISOString() }),
      );
      expect(await recordedNextPublishTime(dir)).toEqual(MONDAY_8);
      await writeFile(join(dir, 'blog/schedule.json'), '{"nextPublishAt":"soon"}');
      expect(await recordedNextPublishTime(dir)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
