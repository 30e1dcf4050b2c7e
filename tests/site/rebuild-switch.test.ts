// Never down for an update (issue 36): a copy of the project served by `npm start`'s server
// (`node server/serve.mjs --build`), then `npm run update` with one more post while requests keep
// arriving. Every request is answered (no 5xx, no refused connection), the server process is the
// same one throughout, and the new post is served as soon as the update ends. A build that fails
// changes nothing live and says why. Two builds and a failed one: a few minutes, so in `test:site`.
// Scheduled posts (issue 30): a post due a minute after the server starts is left out of its first
// build and served from its minute on, by the server's own rebuild, without a restart.
import { type ChildProcess, spawn } from 'node:child_process';
import { readlink, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy } from '../../scripts/project-copy.mjs';

const NEW_POST = 'content/posts/a-post-published-while-serving.md';
const NEW_POST_TEXT = `---
title: A post published while serving
excerpt: Written while the site was serving, live after npm run update without a restart.
publishedAt: 2026-11-22
---

Live without a restart.
`;
const NEW_PATH = '/blog/a-post-published-while-serving';
const SCHEDULED_PATH = '/blog/a-post-scheduled-a-minute-ahead';
/** A minute from `now`, written as an editor would: the wall-clock time in Toronto with its offset. */
function aMinuteAhead(now: number) {
  const moment = new Date(Math.ceil((now + 60_000) / 1000) * 1000);
  const offset =
    -new Date(moment.toLocaleString('en-US', { timeZone: 'UTC' })).getTime() +
    new Date(moment.toLocaleString('en-US', { timeZone: 'America/Toronto' })).getTime();
  const wall = new Date(moment.getTime() + offset).toISOString().slice(0, 19);
  const minutes = Math.round(offset / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const mm = String(Math.abs(minutes) % 60).padStart(2, '0');
  return { moment, text: `${wall}${sign}${hh}:${mm}` };
}
let scheduledFor: Date;

// Without the test runner's own variables: the children would take them for their own settings.
const inherited = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(VITEST|TEST$|NODE_ENV$|PUBLIC_|PORT$|HOST$|SITE_URL$|SMTP_URL$)/.test(name),
  ),
);
const childEnv = (extra: Record<string, string> = {}) => ({
  ...inherited,
  ASTRO_TELEMETRY_DISABLED: '1',
  NO_COLOR: '1',
  ...extra,
});

async function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `node args` in `cwd`: its exit code and output. */
function run(cwd: string, args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => resolve({ code, output }));
  });
}

let copy: string;
let server: ChildProcess;
let serverOutput = '';
let base: string;
let serverExited = false;

beforeAll(async () => {
  copy = await projectCopy('rebuild-switch-');
  const scheduled = aMinuteAhead(Date.now());
  scheduledFor = scheduled.moment;
  await writeFile(
    join(copy, 'content/posts/a-post-scheduled-a-minute-ahead.md'),
    NEW_POST_TEXT.replace('A post published while serving', 'A post scheduled a minute ahead').replace(
      'publishedAt: 2026-11-22',
      `publishedAt: '${scheduled.text}'`,
    ),
  );
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['server/serve.mjs', '--build'], {
    cwd: copy,
    env: childEnv({ PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.on('exit', () => (serverExited = true));
  server.stderr!.on('data', (chunk) => (serverOutput += chunk));
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk) => {
      serverOutput += chunk;
      if (serverOutput.includes('Serving .releases/')) resolve();
    });
    server.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${serverOutput}`)));
  });
}, 600_000);

afterAll(async () => {
  server?.kill('SIGTERM');
  if (copy) await rm(copy, { recursive: true, force: true });
});

interface Answer {
  path: string;
  status: number;
  error?: string;
  /** When the request was sent and when its answer had arrived (performance.now()). */
  sent: number;
  received: number;
}

/** Requests `paths` in turn, `workers` at a time, until `stop` resolves; every answer recorded. */
function keepRequesting(paths: string[], workers: number, stop: Promise<unknown>) {
  const answers: Answer[] = [];
  let stopped = false;
  void stop.finally(() => (stopped = true));
  const worker = async (offset: number) => {
    for (let i = offset; !stopped; i += 1) {
      const path = paths[i % paths.length]!;
      const sent = performance.now();
      try {
        const response = await fetch(base + path, { headers: { 'Accept-Encoding': 'br, gzip' } });
        await response.arrayBuffer();
        answers.push({ path, status: response.status, sent, received: performance.now() });
      } catch (error) {
        const cause = String((error as Error).cause ?? error);
        answers.push({ path, status: 0, error: cause, sent, received: performance.now() });
      }
    }
  };
  return Promise.all(Array.from({ length: workers }, (_, n) => worker(n))).then(() => answers);
}

/** Resolves when the server has printed `text` after this call. */
function printedNext(text: string) {
  const from = serverOutput.length;
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!serverOutput.slice(from).includes(text)) return;
      server.stdout!.off('data', check);
      server.off('exit', onExit);
      resolve();
    };
    const onExit = () => reject(new Error(`the server exited:\n${serverOutput}`));
    server.stdout!.on('data', check);
    server.once('exit', onExit);
  });
}

describe('a post scheduled a minute after the server started', () => {
  it('is left out of the first build and served from its minute on, without a restart', async () => {
    const pid = server.pid;
    const rebuilt = printedNext('is served from the next request on');
    const replanned = printedNext('No scheduled posts: no rebuild planned.');
    // The first build left it out (its page is a 404) and planned the rebuild for its minute.
    expect((await fetch(base + SCHEDULED_PATH)).status).toBe(404);
    expect(await (await fetch(`${base}/blog/schedule.json`)).json()).toEqual({
      nextPublishAt: scheduledFor.toISOString(),
    });
    expect(serverOutput).toContain(`Next scheduled post is due at ${scheduledFor.toISOString()}`);
    await rebuilt;
    expect(serverOutput).toContain(`A scheduled post is due (${scheduledFor.toISOString()})`);
    expect(Date.now()).toBeGreaterThanOrEqual(scheduledFor.getTime());
    const page = await fetch(base + SCHEDULED_PATH);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('A post scheduled a minute ahead');
    expect(await (await fetch(`${base}/blog/schedule.json`)).json()).toEqual({ nextPublishAt: null });
    await replanned;
    expect(server.pid).toBe(pid);
    expect(serverExited).toBe(false);
  });
});

describe('npm run update while the site is serving', () => {
  it('answers every request during the rebuild and serves the new post right after, without a restart', async () => {
    const firstRelease = await readlink(join(copy, '.releases/current'));
    const pid = server.pid;
    expect((await fetch(base + NEW_PATH)).status).toBe(404);

    await writeFile(join(copy, NEW_POST), NEW_POST_TEXT);
    const update = run(copy, ['scripts/update.mjs']);
    const paths = ['/', '/blog', '/training', '/rss.xml', '/no-such-page', '/admin/posts/7/edit', NEW_PATH];
    const answers = await keepRequesting(paths, 4, update);
    const { code, output } = await update;
    expect(code, output).toBe(0);

    // The switch is complete when the update ends: the next request gets the new post.
    const after = await fetch(base + NEW_PATH);
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('A post published while serving');

    const slowest = Math.max(...answers.map((answer) => answer.received - answer.sent));
    console.info(`${answers.length} requests during the update; slowest answer ${Math.round(slowest)} ms`);
    expect(answers.length).toBeGreaterThan(50);
    expect(answers.filter((answer) => answer.status === 0 || answer.status >= 500)).toEqual([]);
    for (const answer of answers) {
      const expected =
        answer.path === '/no-such-page' ? [404] : answer.path === NEW_PATH ? [200, 404] : [200];
      expect(expected, `${answer.path}: ${answer.status}`).toContain(answer.status);
    }
    // Once the new post had answered 200, every request sent after that got it too: no going back.
    const newPost = answers.filter((answer) => answer.path === NEW_PATH);
    const firstFound = Math.min(...newPost.filter((a) => a.status === 200).map((a) => a.received));
    expect(newPost.filter((a) => a.sent > firstFound && a.status !== 200)).toEqual([]);

    expect(serverExited).toBe(false);
    expect(server.pid).toBe(pid);
    expect(await readlink(join(copy, '.releases/current'))).not.toBe(firstRelease);
    expect(serverOutput).toContain('Now serving .releases/');
    expect(serverOutput).not.toMatch(/Error|ENOENT/);
  });

  it('keeps the live build when a rebuild fails, and says why', async () => {
    const live = await readlink(join(copy, '.releases/current'));
    await writeFile(join(copy, 'content/posts/a-broken-post.md'), '---\ntitle: 42\n---\n\nNo excerpt.\n');
    const { code, output } = await run(copy, ['scripts/update.mjs']);
    await rm(join(copy, 'content/posts/a-broken-post.md'));

    expect(code).toBe(1);
    expect(output).toContain('the build failed');
    expect(output).toContain(`Nothing was switched: .releases/${live}/ stays live`);
    expect(await readlink(join(copy, '.releases/current'))).toBe(live);
    expect((await fetch(base + NEW_PATH)).status).toBe(200);
    expect(serverExited).toBe(false);
  });

  it('rebuilds and switches on SIGHUP (systemctl reload), as npm run update does', async () => {
    const second = '/blog/a-post-published-by-reload';
    await writeFile(
      join(copy, 'content/posts/a-post-published-by-reload.md'),
      NEW_POST_TEXT.replace('A post published while serving', 'A post published by reload'),
    );
    const built = new Promise<void>((resolve) => {
      const onData = (chunk: Buffer) => {
        if (String(chunk).includes('is served from the next request on')) {
          server.stdout!.off('data', onData);
          resolve();
        }
      };
      server.stdout!.on('data', onData);
    });
    expect((await fetch(base + second)).status).toBe(404);
    server.kill('SIGHUP');
    await built;
    expect((await fetch(base + second)).status).toBe(200);
    expect(serverExited).toBe(false);
  });

  it('with --build-later (the systemd unit), serves the live release at once and builds meanwhile', async () => {
    const port = await freePort();
    const live = await readlink(join(copy, '.releases/current'));
    const later = spawn(process.execPath, ['server/serve.mjs', '--build-later'], {
      cwd: copy,
      env: childEnv({ PORT: String(port), HOST: '127.0.0.1' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const waiting: { text: string; resolve: () => void }[] = [];
    const onData = (chunk: Buffer) => {
      output += chunk;
      for (const wait of waiting.filter((w) => output.includes(w.text))) wait.resolve();
    };
    later.stdout!.on('data', onData);
    later.stderr!.on('data', onData);
    const printed = (text: string) =>
      new Promise<void>((resolve) => (output.includes(text) ? resolve() : waiting.push({ text, resolve })));
    try {
      await printed('Serving .releases/');
      // Listening on the release that was live, while its own build runs.
      expect(output).toContain(`Serving .releases/${live}/`);
      expect((await fetch(`http://127.0.0.1:${port}${NEW_PATH}`)).status).toBe(200);
      await printed('is served from the next request on');
      expect(await readlink(join(copy, '.releases/current'))).not.toBe(live);
      const switched = printed('Now serving .releases/');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      await switched;
    } finally {
      later.kill('SIGTERM');
    }
  });
});
