// Offline reading and the web app manifest (docs/offline.md).
// @vite-pwa/astro runs Workbox's generateSW once Astro has written every page; src/browser/service-worker.ts
// registers the result and asks the visitor before a new version takes over.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AstroPWA from '@vite-pwa/astro';
import { HtmlPage, attribute, bundledScripts } from './html/page.mjs';
import { packageVersion } from './html/pipeline-cache.mjs';
import {
  ASSETS_CACHE,
  BLOG_DATA_CACHE,
  OFFLINE_PATH,
  PAGES_CACHE,
  PICTURES_CACHE,
  REMOTE_PICTURES_CACHE,
  THEME_COLOR,
} from '../lib/site/offline.ts';
import { practice } from '../lib/site/settings.ts';

const DAY = 24 * 60 * 60;

// Workbox copies each urlPattern function into sw.js as source text: they must not use anything
// from this module (so the private-page pattern is written out; it is NEVER_CACHED of src/lib/site/offline.ts).
const runtimeCaching = [
  {
    // The admin, its sign-in and the CMS always come from the network; offline, the offline page says so.
    urlPattern: ({ request, url }) =>
      request.mode === 'navigate' && /^\/(?:admin|login|cms)(?:\/|$)/.test(url.pathname),
    handler: 'NetworkOnly',
    options: { precacheFallback: { fallbackURL: OFFLINE_PATH } },
  },
  {
    // What the admin reads about the published posts must be current, never a kept copy.
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/blog/manifest.json',
    handler: 'NetworkOnly',
  },
  {
    // Fetched by the blog search, not navigated to: without this rule a kept /blog lists its posts
    // offline but cannot search them.
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/blog/posts.json',
    handler: 'NetworkFirst',
    options: {
      cacheName: BLOG_DATA_CACHE,
      networkTimeoutSeconds: 5,
      cacheableResponse: { statuses: [200] },
      expiration: { maxEntries: 1, purgeOnQuotaError: true },
    },
  },
  {
    // Every other page: the network first, so visitors see the current text; the copy kept from the
    // last visit when the network fails or takes more than 5 s; the offline page for pages never opened.
    // 404 answers are kept too: a post that lives only in this browser's store is shown by the 404 page.
    urlPattern: ({ request }) => request.mode === 'navigate',
    handler: 'NetworkFirst',
    options: {
      cacheName: PAGES_CACHE,
      networkTimeoutSeconds: 5,
      cacheableResponse: { statuses: [200, 404] },
      expiration: { maxEntries: 60, purgeOnQuotaError: true },
      precacheFallback: { fallbackURL: OFFLINE_PATH },
    },
  },
  {
    // This site's pictures (fingerprinted, so the kept copy is always right), in their own cache so
    // that pictures and code never push each other out. As many as the code's cache: the 60 kept pages
    // are read with their pictures (src/lib/page/post-pictures.ts fetches those of a post's text), and
    // 200 of the site's WebP copies weigh ~1 MB today, a few tens of MB were they all photographs.
    // The file test is PICTURE_FILE of src/lib/site/offline.ts, written out (see above).
    urlPattern: ({ url, sameOrigin }) =>
      sameOrigin &&
      url.pathname.startsWith('/_astro/') &&
      /\.(?:avif|gif|jpe?g|png|svg|webp)$/i.test(url.pathname),
    handler: 'CacheFirst',
    options: {
      cacheName: PICTURES_CACHE,
      cacheableResponse: { statuses: [200] },
      expiration: { maxEntries: 200, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true },
    },
  },
  {
    // A picture from another site (an https address in a post's text): its content may change, so the
    // network first, as pages; the kept copy offline. The answer is opaque (status 0: the picture's
    // site does not say whether it is an error), and Chrome counts each opaque answer as several MB
    // of the site's storage whatever its size: 20 of them, forgotten after 30 days without a read.
    urlPattern: ({ request, url, sameOrigin }) =>
      !sameOrigin && request.destination === 'image' && url.protocol === 'https:',
    handler: 'NetworkFirst',
    options: {
      cacheName: REMOTE_PICTURES_CACHE,
      networkTimeoutSeconds: 5,
      cacheableResponse: { statuses: [0, 200] },
      expiration: { maxEntries: 20, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
    },
  },
  {
    // Fingerprinted files: a name never changes its content, so the kept copy is always right.
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_astro/'),
    handler: 'CacheFirst',
    options: {
      cacheName: ASSETS_CACHE,
      cacheableResponse: { statuses: [200] },
      expiration: { maxEntries: 200, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true },
    },
  },
];

/**
 * Workbox's precache list, completed: the offline page under its address (/offline, as
 * @vite-pwa/astro would name it) and the scripts it loads with everything they import, found in the
 * built files. Offline, they cannot come from anywhere else. (Its island, the accessibility panel,
 * is left out: React is too big to install for everyone, and the page reads fine without it.)
 */
export function completePrecache(outDir) {
  return async (entries) => {
    const manifest = entries.map((entry) =>
      entry.url === 'offline/index.html' ? { ...entry, url: OFFLINE_PATH.slice(1) } : entry,
    );
    const html = await readFile(path.join(outDir(), 'offline/index.html'), 'utf8');
    // Parsed, not matched as text: a pattern written for Astro's tags stopped matching once the
    // pipeline added fetchpriority="low" to them, and the offline page was installed without scripts.
    const page = new HtmlPage(html, 'offline/index.html');
    const pending = bundledScripts(page).map((script) => attribute(script, 'src').slice(1));
    const scripts = new Set();
    while (pending.length > 0) {
      const file = pending.pop();
      if (scripts.has(file)) continue;
      scripts.add(file);
      const code = await readFile(path.join(outDir(), file), 'utf8');
      // Bundled imports name their chunks relative to the importer: from"./x.js", import("./x.js").
      for (const match of code.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) pending.push(`_astro/${match[1]}`);
    }
    const listed = new Set(manifest.map((entry) => entry.url));
    for (const url of scripts) if (!listed.has(url)) manifest.push({ url, revision: null, size: 0 });
    return { manifest, warnings: [] };
  };
}

/** The files Workbox writes: the worker and its runtime (workbox-<hash>.js), at the build's top. */
const WORKER_FILE = /^(?:sw|workbox-[\w-]+)\.js$/;

/**
 * What the worker Workbox writes depends on: this module and the offline constants it reads (the
 * configuration, runtimeCaching's functions included), the versions of the packages that write it,
 * and the files it installs (globPatterns: the offline page, the stylesheets, the favicon; the web
 * app manifest, which the plugin adds; the offline page names its scripts by their fingerprinted
 * files, so its text covers them).
 */
async function workerInputs(outDir) {
  const hash = createHash('sha256');
  hash.update(await readFile(new URL(import.meta.url)));
  hash.update(await readFile(new URL('../lib/site/offline.ts', import.meta.url)));
  for (const name of ['workbox-build', 'vite-plugin-pwa', '@vite-pwa/astro'])
    hash.update(`${name}@${packageVersion(name, import.meta.url)}\0`);
  const installed = ['offline/index.html', 'favicon.svg', 'manifest.webmanifest'];
  for (const name of (await readdir(path.join(outDir, '_astro'))).sort())
    if (name.endsWith('.css')) installed.push(`_astro/${name}`);
  for (const file of installed) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(outDir, file)).catch(() => 'missing'));
  }
  return hash.digest('hex');
}

/**
 * Copies the worker an earlier build wrote from the same inputs into `outDir` and returns true; or
 * runs `writeWorker` and keeps what it wrote for the next build (only the latest is kept).
 */
export async function workerFromCache(outDir, cacheDir, writeWorker, options) {
  const key = await workerInputs(outDir);
  const entry = path.join(cacheDir, key);
  try {
    const files = (await readdir(entry)).filter((name) => WORKER_FILE.test(name));
    if (files.includes('sw.js')) {
      for (const name of files) await copyFile(path.join(entry, name), path.join(outDir, name));
      return true;
    }
  } catch {
    // Not in the cache: written below.
  }
  await writeWorker(options);
  // Copied whole into a folder of its own, then renamed: an entry is complete or absent.
  const writing = `${entry}.${process.pid}.tmp`;
  try {
    await rm(cacheDir, { recursive: true, force: true });
    await mkdir(writing, { recursive: true });
    for (const name of (await readdir(outDir)).filter((file) => WORKER_FILE.test(file)))
      await copyFile(path.join(outDir, name), path.join(writing, name));
    await rename(writing, entry);
  } catch {
    // Only a cache: the next build writes the worker again.
  }
  return false;
}

/** The @vite-pwa/astro integration with this site's service worker and manifest. */
export function offlineReading() {
  let outDir = '';
  let cacheDir = '';
  const paths = {
    name: 'offline-reading-paths',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        cacheDir = path.join(fileURLToPath(config.cacheDir), 'service-worker');
      },
    },
  };
  const pwa = AstroPWA({
    registerType: 'prompt', // a new version waits until the visitor agrees to reload
    injectRegister: false, // src/browser/service-worker.ts: a few hundred bytes instead of workbox-window
    includeManifestIcons: false,
    manifest: {
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
    },
    workbox: {
      // Installed up front: only what the offline page needs (a few dozen KB; see completePrecache).
      // Pages, pictures and scripts are kept as the visitor opens them: nobody downloads the whole site.
      globPatterns: ['offline/index.html', '_astro/*.css', 'favicon.svg'],
      manifestTransforms: [completePrecache(() => outDir)],
      navigateFallback: null, // not a single-page app: every address has its own page
      cleanupOutdatedCaches: true,
      runtimeCaching,
    },
  });
  // Workbox bundles the worker with Rollup, Babel and Terser: seconds of a build whatever changed.
  // What it writes depends only on this configuration and the files it installs, so a build whose
  // inputs are those of an earlier one copies that build's worker from the cache instead.
  const writeWorker = pwa.hooks['astro:build:done'];
  if (writeWorker) {
    pwa.hooks['astro:build:done'] = async (options) => {
      const started = performance.now();
      const cached = await workerFromCache(outDir, cacheDir, writeWorker, options);
      options.logger.info(
        `Service worker ${cached ? 'copied from an earlier build with the same inputs' : 'written'} in ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    };
  }
  return [paths, pwa];
}
