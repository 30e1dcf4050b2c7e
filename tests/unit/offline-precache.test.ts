import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  precacheEntries,
  siteVersion,
  webAppManifest,
  writeServiceWorker,
} from '../../src/integrations/offline.mjs';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The files of a build the worker installs: the offline page and its scripts, a stylesheet, the favicon. */
function builtSite(offlineHtml: string) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'precache-'));
  mkdirSync(path.join(dir, 'offline'));
  mkdirSync(path.join(dir, '_astro'));
  writeFileSync(path.join(dir, 'offline/index.html'), offlineHtml);
  writeFileSync(path.join(dir, '_astro/Page.Ab12.js'), 'import("./chunk.Cd34.js")');
  writeFileSync(path.join(dir, '_astro/chunk.Cd34.js'), 'export {}');
  writeFileSync(path.join(dir, '_astro/Base.Ef56.css'), 'a{color:red}');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify(webAppManifest()));
  return dir;
}

// fetchpriority="low" is what the pipeline's script-priority step adds before the service worker
// is written: a pattern written for Astro's own tag missed it, and offline the page had no script.
const OFFLINE_PAGE =
  '<head><script type="module" fetchpriority="low" src="/_astro/Page.Ab12.js"></script></head>';

describe("the service worker's precache list", () => {
  it('installs the offline page, its scripts as the pipeline leaves them with what they import, the styles, the favicon and the manifest', async () => {
    const entries = await precacheEntries(builtSite(OFFLINE_PAGE));
    expect(entries.map((entry: { url: string }) => entry.url)).toEqual([
      'offline',
      '_astro/Base.Ef56.css',
      'favicon.svg',
      'manifest.webmanifest',
      '_astro/Page.Ab12.js',
      '_astro/chunk.Cd34.js',
    ]);
  });

  it('revises the files whose name stays when their content changes, and only those', async () => {
    const site = builtSite(OFFLINE_PAGE);
    const revisions = async () =>
      Object.fromEntries(
        (await precacheEntries(site)).map((entry: { url: string; revision: string | null }) => [
          entry.url,
          entry.revision,
        ]),
      );
    const before = await revisions();
    expect(before['_astro/Base.Ef56.css']).toBeNull();
    expect(before['offline']).toMatch(/^[0-9a-f]{32}$/);
    writeFileSync(path.join(site, 'manifest.webmanifest'), '{"name":"Renamed practice"}');
    const after = await revisions();
    expect(after['manifest.webmanifest']).not.toBe(before['manifest.webmanifest']);
    expect(after['offline']).toBe(before['offline']);
  });
});

describe('the service worker file', () => {
  it('is one classic script with its precache list and Workbox built for production', async () => {
    const site = builtSite(OFFLINE_PAGE);
    await writeServiceWorker(site);
    const worker = readFileSync(path.join(site, 'sw.js'), 'utf8');
    expect(worker).toContain('{url:"_astro/Page.Ab12.js",revision:null}');
    expect(worker).toContain('"SKIP_WAITING"');
    // A worker registered without { type: 'module' } cannot import or export.
    expect(worker).not.toMatch(/\bimport\s*[{(*"']|\bexport\s*[{*]/);
    // Workbox's development build logs every request and asserts its arguments.
    expect(worker).not.toContain('process.env');
    expect(worker).not.toContain('logger');
    new Function(worker); // parses as a script
  });
});

describe('the site version sw.js carries', () => {
  it('changes with a new page, a page of another size or a changed script, and with nothing else', async () => {
    const site = builtSite(OFFLINE_PAGE);
    const first = await siteVersion(site);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    // A build of the same files (their times are new) is the same site: no visitor is asked to reload.
    writeFileSync(path.join(site, 'favicon.svg'), '<svg/>');
    writeFileSync(path.join(site, '_astro/chunk.Cd34.js.br'), 'compressed');
    expect(await siteVersion(site)).toBe(first);
    // A new post: the worker was byte for byte the same before, and nobody was asked.
    mkdirSync(path.join(site, 'blog/a-new-post'), { recursive: true });
    writeFileSync(path.join(site, 'blog/a-new-post/index.html'), '<p>New</p>');
    const withPost = await siteVersion(site);
    expect(withPost).not.toBe(first);
    writeFileSync(path.join(site, 'blog/a-new-post/index.html'), '<p>New, edited</p>');
    expect(await siteVersion(site)).not.toBe(withPost);
    // A form's code changed: its file has a new name.
    writeFileSync(path.join(site, '_astro/ContactForm.Zz99.js'), 'export {}');
    const withScript = await siteVersion(site);
    expect(withScript).not.toBe(withPost);
    // And it is written into the worker.
    await writeServiceWorker(site);
    expect(readFileSync(path.join(site, 'sw.js'), 'utf8')).toContain(JSON.stringify(withScript));
  });
});
