// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import { buildEnvironment } from './scripts/build-env.mjs';
import { interactDirective } from './src/directives/interact-integration.mjs';
import { offlineReading } from './src/integrations/offline.mjs';
import { publishTarget } from './src/integrations/publish-config.mjs';
import { precompress } from './src/integrations/precompress.mjs';
import { scriptPriority } from './src/integrations/script-priority.mjs';
import { cspConfig, securityHeaders } from './src/integrations/security.mjs';

const env = buildEnvironment(process.env);

// Pages that must never be indexed (they are also noindex in their <head>).
const PRIVATE_PATH = /\/(admin|login|cms|offline)(\/|$)/;

export default defineConfig({
  site: env.siteUrl,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  // Full page loads: the client router's re-initialisation bugs are not worth its gains here.
  prefetch: false,
  // Each page's Content-Security-Policy <meta>, completed after the build (src/integrations/security.mjs).
  security: { csp: cspConfig(env) },
  // Shiki colours code with style="..." attributes, which the Content-Security-Policy does not allow
  // (and Astro warns about); code blocks are rare here and read fine uncoloured.
  markdown: { syntaxHighlight: false },
  image: {
    // Our own artwork is SVG; rasterise it to webp at build (it is ours, so trusted).
    dangerouslyProcessSVG: true,
    responsiveStyles: false,
  },
  integrations: [
    react(),
    interactDirective(),
    sitemap({
      filter: (page) => !PRIVATE_PATH.test(new URL(page).pathname),
      // The same URL as each page's canonical link: no trailing slash except the home page.
      serialize: (item) => ({ ...item, url: item.url.replace(/(?<=[^/])\/$/, '') }),
    }),
    scriptPriority(), // before offlineReading, like securityHeaders: both rewrite the pages
    securityHeaders(env), // before offlineReading: the service worker installs the finished pages
    offlineReading(),
    precompress(), // last: it compresses the finished files
  ],
  vite: {
    plugins: [tailwindcss()],
    // The admin account (username and password hash, never the password) for src/lib/auth/admin-account.ts,
    // and the form endpoints as buildEnvironment checked them (the CSP's connect-src uses the same).
    define: {
      __FORM_ENDPOINTS__: JSON.stringify({
        contact: env.contactEndpoint,
        registration: env.registrationEndpoint,
        confirmation: env.confirmationEndpoint,
      }),
      __ADMIN_ACCOUNT__: JSON.stringify({
        username: env.adminAccount.username,
        passwordHash: env.adminAccount.passwordSha256,
        development: env.adminAccount.development,
      }),
      // Where the admin's "Publish to website" writes: admin/config.yml's backend (src/lib/publish).
      __PUBLISH_TARGET__: JSON.stringify(
        publishTarget(readFileSync(new URL('./admin/config.yml', import.meta.url), 'utf8')),
      ),
    },
    // Loaded by the CMS on its first save (src/lib/cms-formats.ts): bundled when `npm run cms` starts,
    // or Vite would find them mid-save and reload the page to add them.
    optimizeDeps: { include: ['prettier/standalone', 'prettier/plugins/markdown'] },
  },
});
