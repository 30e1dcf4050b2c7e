// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import {
  buildEnvironment,
  envSchema,
  hostBuildsEachChange,
  refuseDevelopmentAccountInProduction,
  shippedAdminAccount,
} from './tools/build-env.mjs';
import { buildDerived } from './src/integrations/build-derived.mjs';
import { buildMemory } from './src/integrations/build-memory.mjs';
import { interactDirective } from './src/directives/interact-integration.mjs';
import { formRoutes } from './src/integrations/form-routes.mjs';
import { formHandler } from './src/integrations/form-handler.mjs';
import { htmlPipeline } from './src/integrations/html/pipeline.mjs';
import { incrementalBuildWanted, incrementalPages } from './src/integrations/incremental-pages.mjs';
import { offlineReading } from './src/integrations/offline.mjs';
import { parseCmsConfig } from './src/lib/config/cms-config.mjs';
import { publishTarget } from './src/lib/config/publish-target.mjs';
import { clientChunks } from './src/integrations/client-chunks.mjs';
import { decapCms } from './src/integrations/decap-bundle.mjs';
import { precompress } from './src/integrations/precompress.mjs';
import { prelaunchWarnings } from './src/integrations/prelaunch.mjs';
import { cspConfig, securityHeaders } from './src/integrations/security.mjs';

const env = buildEnvironment(process.env);
// astro:env reads process.env: give it the values as checked (trimmed, normalised), so the pages
// read what the Content-Security-Policy allows (docs/configuration.md).
Object.assign(process.env, env.variables);
// The login page gets only a salted PBKDF2 of the password's hash, with the site's salt (decision
// 0055); its username comes through astro:env.
const { username: _username, ...adminPassword } = await shippedAdminAccount(env.adminAccount, {
  siteUrl: env.siteUrl,
});

// Pages that must never be indexed (they are also noindex in their <head>).
const PRIVATE_PATH = /\/(admin|login|cms|offline)(\/|$)/;

export default defineConfig({
  site: env.siteUrl,
  output: 'static',
  // Every build variable, and where it may be read (tools/build-env.mjs checks them first).
  env: { schema: envSchema },
  trailingSlash: 'ignore',
  // Two content files with one id ('Life Skills.md' and 'life-skills.md', one service page) or two
  // routes with one address stop the build, naming both: by default Astro warned and kept one.
  prerenderConflictBehavior: 'error',
  build: { format: 'directory' },
  // Full page loads: the client router's re-initialisation bugs are not worth its gains here.
  prefetch: false,
  // Off under `npm run cms` (tools/cms.mjs): the toolbar covered the bottom of Decap's screen.
  devToolbar: { enabled: process.env.CMS_EDITING !== '1' },
  // Each page's Content-Security-Policy <meta>, completed after the build (src/integrations/html/csp-steps.mjs).
  security: { csp: cspConfig(env) },
  // Shiki colours code with style="..." attributes, which the Content-Security-Policy does not allow
  // (and Astro warns about); code blocks are rare here and read fine uncoloured.
  markdown: { syntaxHighlight: false },
  image: {
    // Our own artwork is SVG; rasterise it to webp at build (it is ours, so trusted).
    dangerouslyProcessSVG: true,
    responsiveStyles: false,
  },
  // A rebuild copies each post page whose data and code are unchanged (decision 0050), where a
  // rebuild follows: INCREMENTAL_BUILD=1, which `npm start` and `npm run update` set (decision 0051).
  experimental: { incrementalBuild: incrementalBuildWanted() },
  integrations: [
    // The build's heap kept near what it holds (src/integrations/build-memory.mjs).
    buildMemory(),
    // What the cached pages' keys need from the build: src/integrations/incremental-pages.mjs.
    incrementalPages([adminPassword.salt, adminPassword.passwordHash]),
    {
      // A build (not `astro dev` or `astro check`) for CI or a host refuses the development account.
      name: 'admin-account',
      hooks: {
        'astro:config:setup': ({ command }) => {
          if (command === 'build') refuseDevelopmentAccountInProduction(process.env, env.adminAccount);
        },
      },
    },
    // What site code needs that is computed rather than set: src/integrations/build-derived.mjs.
    buildDerived({
      adminPassword,
      // Whether a published post goes live by itself, which the admin tells its staff.
      hostBuildsEachChange: hostBuildsEachChange(process.env),
      // Where the admin's "Publish to website" writes: admin/config.yml's backend (src/lib/publish).
      publishTarget: publishTarget(
        parseCmsConfig(readFileSync(new URL('./admin/config.yml', import.meta.url), 'utf8')),
      ),
    }),
    react(),
    // Decap CMS, bundled by esbuild outside Vite and kept between builds (decision 0036).
    decapCms(),
    interactDirective(),
    sitemap({
      filter: (page) => !PRIVATE_PATH.test(new URL(page).pathname),
      // The same URL as each page's canonical link: no trailing slash except the home page.
      serialize: (item) => ({ ...item, url: item.url.replace(/(?<=[^/])\/$/, '') }),
    }),
    // After the pages are written, before offlineReading (the service worker installs finished pages):
    // every rewrite of the built HTML, in the order src/integrations/html/pipeline.mjs lists.
    htmlPipeline({ siteUrl: env.siteUrl }),
    offlineReading(),
    // dist/_headers: the policy a <meta> cannot carry, and the inert one for every file that is not a
    // page; after offlineReading, so the service worker's own files are there to be listed.
    securityHeaders(env),
    formRoutes(env), // which forms post to the site's own /api/forms/ routes (server/serve.mjs answers them)
    precompress(), // last: it compresses the finished files
    formHandler(), // writes beside the build, not into it (.server/)
    prelaunchWarnings(), // the stand-in contact details, team members and yearless course dates left
  ],
  vite: {
    plugins: [tailwindcss()],
    // Loaded by the CMS on its first save (src/lib/cms/formats.ts): bundled when `npm run cms` starts,
    // or Vite would find them mid-save and reload the page to add them.
    optimizeDeps: { include: ['prettier/standalone', 'prettier/plugins/markdown'] },
    // The browser's JavaScript in fewer, larger files: src/integrations/client-chunks.mjs.
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks } } } } },
  },
});
