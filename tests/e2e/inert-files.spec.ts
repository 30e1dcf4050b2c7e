import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { testBuildPath } from '../../tools/test-build.mjs';
import { INERT_FILE_POLICY } from '../../src/integrations/inert-files.mjs';
import { childEnv, freePort, type Started, startNode } from '../process';
import { expect, test } from './fixtures';

// A file that is not a page runs nothing when opened on its own (issue 27; the policy and why:
// src/integrations/inert-files.mjs). An SVG with a <script> and an onload handler, opened in
// Chromium: first from a bare server that sends it as any static server would (the script runs,
// so this test can see a script run), then from `npm start` with the run's build's own _headers,
// in the folder the build's blocks name (/_astro/) and in a folder of pages that only the server's
// own rule covers (/blog/): nothing runs.

const root = path.resolve(import.meta.dirname, '../..');

const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" ' +
  `onload="console.log('ran: onload'); document.documentElement.setAttribute('data-ran', 'onload')">` +
  '<rect width="40" height="40" fill="teal"/>' +
  `<script>console.log('ran: script'); document.documentElement.setAttribute('data-ran', 'script');</script>` +
  '</svg>';

let served = '';
let server: Started | undefined;
let origin = '';
let bare: http.Server | undefined;
let bareOrigin = '';

test.beforeAll(async () => {
  // A small build beside the run's build (tools/test-build.mjs): its pages, and that build's _headers.
  served = await mkdtemp(path.join(tmpdir(), 'inert-e2e-'));
  await mkdir(path.join(served, '_astro'));
  await mkdir(path.join(served, 'blog'));
  await copyFile(path.join(testBuildPath, '_headers'), path.join(served, '_headers'));
  await copyFile(path.join(testBuildPath, '404.html'), path.join(served, '404.html'));
  await writeFile(
    path.join(served, 'index.html'),
    '<!doctype html><html lang="en"><title>Pictures</title><img src="/_astro/hostile.svg" alt="A teal square">',
  );
  await writeFile(path.join(served, 'blog/index.html'), '<!doctype html><title>Blog</title>');
  await writeFile(path.join(served, '_astro/hostile.svg'), HOSTILE_SVG);
  await writeFile(path.join(served, 'blog/hostile.svg'), HOSTILE_SVG);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = startNode([path.join(root, 'server/serve.mjs'), served], {
    cwd: root,
    env: childEnv({ PORT: String(port), HOST: '127.0.0.1' }),
  });
  await server.printed('Serving');
  bare = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'image/svg+xml' });
    response.end(HOSTILE_SVG);
  });
  await new Promise<void>((resolve) => bare!.listen(0, '127.0.0.1', resolve));
  bareOrigin = `http://127.0.0.1:${(bare.address() as net.AddressInfo).port}`;
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => (bare ? bare.close(resolve) : resolve(undefined)));
  if (served) await rm(served, { recursive: true, force: true });
});

/** What the SVG's code left behind, once Chromium has told why it ran none (or ran it). */
async function openSvg(page: Page, url: string, until: RegExp) {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  const settled = page.waitForEvent('console', (message) => until.test(message.text()));
  const response = await page.goto(url);
  await settled;
  const ran = await page.evaluate(() => document.documentElement.getAttribute('data-ran'));
  return { response, messages, ran };
}

test('an SVG served as any static server would runs its script: what the next test must not see', async ({
  page,
}) => {
  const { messages, ran } = await openSvg(page, `${bareOrigin}/hostile.svg`, /^ran: onload$/);
  expect(messages).toEqual(expect.arrayContaining(['ran: script', 'ran: onload']));
  expect(ran).toBe('onload');
});

for (const where of ['/_astro/hostile.svg', '/blog/hostile.svg']) {
  test(`an SVG with a script and a handler, opened from the served site (${where}), runs nothing`, async ({
    page,
  }) => {
    const { response, messages, ran } = await openSvg(page, `${origin}${where}`, /Blocked script execution/);
    expect(response?.headers()['content-security-policy']).toBe(INERT_FILE_POLICY);
    expect(response?.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(messages.filter((text) => text.startsWith('ran:'))).toEqual([]);
    expect(ran).toBeNull();
  });
}

test('the same SVG still shows as a picture on a page', async ({ page }) => {
  await page.goto(`${origin}/`);
  const picture = page.getByRole('img', { name: 'A teal square' });
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
});

test("the site's own server sends its built pictures, scripts and styles with the inert policy, its pages and service worker without", async ({
  page,
}) => {
  const assets = await readdir(path.join(testBuildPath, '_astro')); // the build the server serves
  for (const ext of ['.svg', '.js', '.css', '.webp', '.woff2']) {
    const name = assets.find((file) => file.endsWith(ext));
    expect(name, ext).toBeDefined();
    const response = await page.request.get(`/_astro/${name}`);
    expect(response.headers()['content-security-policy'], name).toBe(INERT_FILE_POLICY);
  }
  for (const url of ['/favicon.svg', '/manifest.webmanifest', '/rss.xml']) {
    expect((await page.request.get(url)).headers()['content-security-policy'], url).toBe(INERT_FILE_POLICY);
  }
  for (const url of ['/', '/blog', '/sw.js', '/admin/posts', '/cms/']) {
    const policy = (await page.request.get(url)).headers()['content-security-policy'];
    expect(policy, url).not.toContain('sandbox');
    expect(policy, url).toContain("frame-ancestors 'none'");
  }
});
