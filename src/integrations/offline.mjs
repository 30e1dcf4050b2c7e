// Offline reading and the web app manifest (docs/offline.md), written once Astro has written every page:
// dist/manifest.webmanifest, and dist/sw.js, the worker of src/browser/offline-worker.ts bundled with
// the Workbox modules it imports and the list of files it installs. src/browser/service-worker.ts
// registers it and asks the visitor before a new version takes over.
import { createHash } from 'node:crypto';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { HtmlPage, attribute, bundledScripts } from './html/page.mjs';
import { MANIFEST_PATH, OFFLINE_PATH, THEME_COLOR } from '../lib/site/offline.ts';
import { practice } from '../lib/site/settings.ts';

/** The web app manifest: what a browser shows when the site is installed. */
export function webAppManifest() {
  return {
    id: '/',
    name: practice.name,
    short_name: practice.shortName,
    description: practice.description,
    lang: 'en-CA',
    start_url: '/',
    scope: '/',
    display: 'minimal-ui',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    // Made from public/favicon.svg by tools/icons.mjs.
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * What the worker installs up front, as Workbox's precache entries: only what the offline page needs (a
 * few dozen KB). Pages, pictures and scripts are kept as the visitor opens them: nobody downloads the
 * whole site. The offline page under its address, the stylesheets, the favicon, the web app manifest,
 * and the scripts the offline page loads with everything they import, found in the built files: offline,
 * they cannot come from anywhere else. (Its island, the accessibility panel, is left out: React is too
 * big to install for everyone, and the page reads fine without it.) Fingerprinted files (/_astro/) need
 * no revision: their name changes with their content.
 */
export async function precacheEntries(outDir) {
  const revision = async (file) =>
    createHash('sha256')
      .update(await readFile(path.join(outDir, file)))
      .digest('hex')
      .slice(0, 32);
  const entries = [{ url: OFFLINE_PATH.slice(1), revision: await revision('offline/index.html') }];
  for (const name of (await readdir(path.join(outDir, '_astro'))).sort())
    if (name.endsWith('.css')) entries.push({ url: `_astro/${name}`, revision: null });
  for (const file of ['favicon.svg', MANIFEST_PATH.slice(1)])
    entries.push({ url: file, revision: await revision(file) });

  const html = await readFile(path.join(outDir, 'offline/index.html'), 'utf8');
  // Parsed, not matched as text: a pattern written for Astro's tags stopped matching once the
  // pipeline added fetchpriority="low" to them, and the offline page was installed without scripts.
  const page = new HtmlPage(html, 'offline/index.html');
  const pending = bundledScripts(page).map((script) => attribute(script, 'src').slice(1));
  const scripts = new Set();
  while (pending.length > 0) {
    const file = pending.pop();
    if (scripts.has(file)) continue;
    scripts.add(file);
    const code = await readFile(path.join(outDir, file), 'utf8');
    // Bundled imports name their chunks relative to the importer: from"./x.js", import("./x.js").
    for (const match of code.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) pending.push(`_astro/${match[1]}`);
  }
  for (const url of scripts) entries.push({ url, revision: null });
  return entries;
}

/**
 * Which site a build is, for its worker (SITE_VERSION in sw.js): every page's path and size, and the
 * names of the fingerprinted files (which hold their content's hash). A browser installs a new worker,
 * and asks the visitor to reload, only when sw.js changes: with only the offline page's files in it, a
 * new post or a changed form's code made the same sw.js, and no visitor was ever asked. Sizes, not
 * contents: reading every page of a large blog again would cost the build; an edit that keeps a page's
 * size exactly is the one change it misses. Compressed copies are left out (only some builds make them).
 */
export async function siteVersion(outDir) {
  const hash = createHash('sha256');
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((name) => name.endsWith('.html') || (name.startsWith('_astro/') && !/\.(br|gz)$/.test(name)))
    .sort();
  for (const name of names) {
    const size = name.endsWith('.html') ? (await stat(path.join(outDir, name))).size : '';
    hash.update(`${name}\0${size}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

const WORKER_SOURCE = fileURLToPath(new URL('../browser/offline-worker.ts', import.meta.url));

/**
 * Bundles the worker with its precache list into `outDir`/sw.js: one classic script (a worker must be
 * one for every browser), minified, Workbox's production build (its logging is for development).
 * esbuild takes tens of milliseconds where Workbox's own generateSW took seconds (docs/performance.md).
 */
export async function writeServiceWorker(outDir) {
  const precache = await precacheEntries(outDir);
  await build({
    entryPoints: [WORKER_SOURCE],
    outfile: path.join(outDir, 'sw.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"', PRECACHE: JSON.stringify(precache) },
    // The site's version in the file itself, so sw.js changes whenever the site does: the worker needs
    // no code for it.
    banner: { js: `// SITE_VERSION=${JSON.stringify(await siteVersion(outDir))}` },
  });
  return precache;
}

/** @returns {import('astro').AstroIntegration} The web app manifest and the service worker. */
export function offlineReading() {
  return {
    name: 'offline-reading',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const outDir = fileURLToPath(dir);
        // First: the worker installs it, so its revision is in sw.js.
        await writeFile(path.join(outDir, MANIFEST_PATH.slice(1)), JSON.stringify(webAppManifest()));
        const precache = await writeServiceWorker(outDir);
        logger.info(
          `Service worker written (${precache.length} files installed up front) in ` +
            `${((performance.now() - started) / 1000).toFixed(2)} s`,
        );
      },
    },
  };
}
