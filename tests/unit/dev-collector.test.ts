import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDevCollector,
  readFormRoutes,
  RETENTION_DAYS,
  ROUTES_FILE,
} from '../../server/dev-collector.mjs';
import { buildEnvironment } from '../../tools/build-env.mjs';
import { formRoutes, formRoutesFor } from '../../src/integrations/form-routes.mjs';

let dataDir: string;
let server: http.Server;
let base: string;
const FILE_CAP = 4096;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'collector-'));
  const collect = createDevCollector({
    routes: { '/api/forms/contact': 'contact', '/api/forms/confirmation': 'confirmation' },
    dataDir,
    log: () => {},
    maxFileBytes: FILE_CAP,
  });
  server = http.createServer(async (req, res) => {
    if (!(await collect(req, res))) {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const postJson = (url: string, body: unknown) =>
  fetch(base + url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });

describe('development form collector', () => {
  it('appends each submission as one JSON line', async () => {
    const response = await postJson('/api/forms/contact', { name: 'Zoë', message: '<script>x</script>' });
    expect(response.status).toBe(200);
    const lines = (await readFile(path.join(dataDir, 'submissions.jsonl'), 'utf8')).trim().split('\n');
    const entry = JSON.parse(lines.at(-1)!);
    expect(entry.form).toBe('contact');
    expect(entry.data).toEqual({ name: 'Zoë', message: '<script>x</script>' });
  });

  it('answers the confirmation service contract', async () => {
    const response = await postJson('/api/forms/confirmation', { email: 'a@b.co' });
    expect(await response.json()).toEqual({ success: true });
  });

  it('refuses unreadable and oversized bodies with a JSON error', async () => {
    const bad = await fetch(base + '/api/forms/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/could not be read/);
    // Read by JSON.parse, but nested too deep to be written again: it was a 500, "could not be saved".
    const deep = await fetch(base + '/api/forms/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"a":${'['.repeat(30_000)}${']'.repeat(30_000)}}`,
    });
    expect(deep.status).toBe(400);
    expect((await deep.json()).error).toMatch(/could not be read/);
    const huge = await postJson('/api/forms/contact', { message: 'x'.repeat(70 * 1024) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toBe('The submission is too large.');
  });

  it('accepts only JSON, which no page elsewhere can post without asking', async () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    ]) {
      const response = await fetch(base + '/api/forms/contact', {
        method: 'POST',
        headers: { 'Content-Type': type },
        body: 'name=Zo%C3%AB',
      });
      expect(response.status, type).toBe(415);
      expect((await response.json()).error).toBe('The development collector accepts only application/json.');
    }
    const withCharset = await fetch(base + '/api/forms/confirmation', {
      method: 'POST',
      headers: { 'Content-Type': 'Application/JSON; charset=utf-8' },
      body: '{}',
    });
    expect(withCharset.status).toBe(200);
  });

  it('closes the connection of a body past the limit instead of reading it to the end', async () => {
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => {});
    socket.write(
      'POST /api/forms/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n',
    );
    // Chunks of 16 kB past the 64 kB limit, and then the client would go on for ever.
    for (let chunk = 0; chunk < 6; chunk++) socket.write(`4000\r\n${'a'.repeat(16 * 1024)}\r\n`);
    await new Promise((resolve) => socket.on('close', resolve));
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toContain('The submission is too large.');
  });

  it('answers 408 and closes when a body does not arrive whole in time', async () => {
    const slow = createDevCollector({
      routes: { '/api/forms/contact': 'contact' },
      dataDir,
      log: () => {},
      bodyMs: 100,
    });
    const slowServer = http.createServer((req, res) => void slow(req, res));
    await new Promise<void>((resolve) => slowServer.listen(0, '127.0.0.1', resolve));
    try {
      const socket = net.connect((slowServer.address() as AddressInfo).port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk));
      socket.on('error', () => {});
      // Ten bytes promised, two sent, and then nothing.
      socket.write(
        'POST /api/forms/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 10\r\n\r\n{"',
      );
      await new Promise((resolve) => socket.on('close', resolve));
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(received).toContain('The submission took too long to arrive.');
    } finally {
      await new Promise((resolve) => slowServer.close(resolve));
    }
  });

  it('leaves other paths to the static files', async () => {
    expect((await fetch(base + '/somewhere')).status).toBe(404);
    expect((await fetch(base + '/api/forms/registration', { method: 'POST' })).status).toBe(404);
  });
});

describe('size of .data/submissions.jsonl', () => {
  beforeEach(async () => {
    await rm(path.join(dataDir, 'submissions.jsonl'), { force: true });
  });

  it('refuses a submission with 507 once the file would pass its cap, and keeps the file as it was', async () => {
    const message = 'x'.repeat(1000);
    const statuses = [];
    for (let count = 0; count < 6; count++) {
      statuses.push((await postJson('/api/forms/contact', { message })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 507, 507, 507]);
    const full = await postJson('/api/forms/contact', { message });
    expect((await full.json()).error).toMatch(/submissions\.jsonl is full; empty it/);
    const { size } = await stat(path.join(dataDir, 'submissions.jsonl'));
    expect(size).toBeLessThanOrEqual(FILE_CAP);
    // A smaller submission that still fits is taken.
    expect((await postJson('/api/forms/confirmation', {})).status).toBe(200);
  });

  it('holds the cap when submissions arrive at once', async () => {
    const message = 'y'.repeat(1000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postJson('/api/forms/contact', { message })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect((await stat(path.join(dataDir, 'submissions.jsonl'))).size).toBeLessThanOrEqual(FILE_CAP);
  });
});

describe('retention of .data/submissions.jsonl', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const entry = (receivedAt: Date, name: string) =>
    JSON.stringify({ receivedAt: receivedAt.toISOString(), form: 'contact', data: { name } }) + '\n';
  const names = async (dir: string) =>
    (await readFile(path.join(dir, 'submissions.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { data: { name: string } }).data.name);

  it(`keeps a submission ${RETENTION_DAYS} days: older ones go at start, and before each write`, async () => {
    expect(RETENTION_DAYS).toBe(30);
    const dir = await mkdtemp(path.join(tmpdir(), 'collector-retention-'));
    let now = new Date('2026-06-30T12:00:00Z');
    await writeFile(
      path.join(dir, 'submissions.jsonl'),
      entry(new Date(now.getTime() - 31 * DAY), 'too old') +
        'not a JSON line\n' +
        entry(new Date(now.getTime() - 29 * DAY), 'recent'),
    );
    const logged: string[] = [];
    const collect = createDevCollector({
      routes: { '/api/forms/contact': 'contact' },
      dataDir: dir,
      log: (line) => logged.push(line),
      now: () => now,
    });
    await collect.ready;
    expect(await names(dir)).toEqual(['recent']);

    const local = http.createServer((req, res) => void collect(req, res));
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}/api/forms/contact`;
    const send = (name: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    try {
      expect((await send('today')).status).toBe(200);
      expect(await names(dir)).toEqual(['recent', 'today']);
      now = new Date(now.getTime() + 2 * DAY); // 'recent' is now 31 days old
      expect((await send('later')).status).toBe(200);
      expect(await names(dir)).toEqual(['today', 'later']);
    } finally {
      await new Promise((resolve) => local.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
    // The log says what happened, never what was sent.
    expect(logged.join('\n')).not.toMatch(/today|later|recent/);
    expect(logged).toContain(`[dev collector] removed 2 submission(s) older than ${RETENTION_DAYS} days`);
  });
});

describe('which forms the collector answers', () => {
  const env = (variables: Record<string, string>) =>
    buildEnvironment({ ...variables, SITE_URL: 'https://a.example' });

  it('is what the build recorded: the forms whose endpoint variable was unset', async () => {
    expect(formRoutesFor(env({}))).toEqual({
      '/api/forms/contact': 'contact',
      '/api/forms/registration': 'registration',
      '/api/forms/confirmation': 'confirmation',
    });
    expect(
      formRoutesFor(
        env({
          PUBLIC_CONTACT_ENDPOINT: 'https://forms.example/contact',
          PUBLIC_REGISTRATION_ENDPOINT: 'https://forms.example/registration',
        }),
      ),
    ).toEqual({ '/api/forms/confirmation': 'confirmation' });
  });

  it('is none for a build whose forms all post to real endpoints, whatever the server environment', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'collector-dist-'));
    try {
      const build = (variables: Record<string, string>) =>
        formRoutes(env(variables)).hooks['astro:build:done']({ dir: pathToFileURL(dist + path.sep) });
      await build({});
      expect(Object.keys(readFormRoutes(dist))).toHaveLength(3);
      await build({
        PUBLIC_CONTACT_ENDPOINT: 'https://forms.example/contact',
        PUBLIC_REGISTRATION_ENDPOINT: 'https://forms.example/registration',
        PUBLIC_CONFIRMATION_ENDPOINT: 'https://mail.example/confirm',
      });
      expect(readFormRoutes(dist)).toEqual({});
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('reads only collector paths and known forms from the recorded file', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'collector-dist-'));
    try {
      await writeFile(
        path.join(dist, ROUTES_FILE),
        JSON.stringify({ '/api/forms/contact': 'contact', '/': 'contact', '/api/other': 'other' }),
      );
      expect(readFormRoutes(dist)).toEqual({ '/api/forms/contact': 'contact' });
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
