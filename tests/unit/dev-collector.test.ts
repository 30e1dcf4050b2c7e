import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevCollector } from '../../server/dev-collector.mjs';

let dataDir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'collector-'));
  const collect = createDevCollector({
    routes: { '/__dev/forms/contact': 'contact', '/__dev/forms/confirmation': 'confirmation' },
    dataDir,
    log: () => {},
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
    const response = await postJson('/__dev/forms/contact', { name: 'Zoë', message: '<script>x</script>' });
    expect(response.status).toBe(200);
    const lines = (await readFile(path.join(dataDir, 'submissions.jsonl'), 'utf8')).trim().split('\n');
    const entry = JSON.parse(lines.at(-1)!);
    expect(entry.form).toBe('contact');
    expect(entry.data).toEqual({ name: 'Zoë', message: '<script>x</script>' });
  });

  it('answers the confirmation service contract', async () => {
    const response = await postJson('/__dev/forms/confirmation', { email: 'a@b.co' });
    expect(await response.json()).toEqual({ success: true });
  });

  it('refuses unreadable and oversized bodies with a JSON error', async () => {
    const bad = await fetch(base + '/__dev/forms/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/could not be read/);
    const huge = await postJson('/__dev/forms/contact', { message: 'x'.repeat(70 * 1024) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toBe('The submission is too large.');
  });

  it('leaves other paths to the static files', async () => {
    expect((await fetch(base + '/somewhere')).status).toBe(404);
    expect((await fetch(base + '/__dev/forms/registration', { method: 'POST' })).status).toBe(404);
  });
});
