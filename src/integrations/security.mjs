// Content-Security-Policy and the other security headers (docs/security.md, "Security headers").
//
// Two parts, because no single one can carry the whole policy on every host:
// - Each page carries its full policy in a <meta http-equiv> tag. Astro writes it (security.csp) with
//   the SHA-256 of every script and style it emits; the HTML pipeline's CSP steps
//   (html/csp-steps.mjs) then add the hashes of the layout's own inline scripts (Astro does not hash
//   `is:inline` scripts), prune the hashes a page does not use, and give /cms/ the two relaxations
//   Decap CMS needs. No page allows inline scripts it did not ship, and only /cms/ allows eval.
// - The HTTP header (public/_headers, the file Netlify, Cloudflare Pages and `npm start` read) carries
//   what a <meta> tag cannot (frame-ancestors) and what holds on every page, the CMS included. It is
//   the same for every page on purpose: hosts combine overlapping rules differently (Netlify keeps
//   the last, Cloudflare joins both into two policies), so a per-path relaxation is not portable.
//   The one per-path policy is stricter, not looser: files that are not pages get the inert policy
//   of inert-files.mjs after it, which holds every directive of this one at least as strictly, so
//   either way of combining the two gives the same result.
// The browser enforces both policies; a request must pass each of them.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP_STEPS, SELF } from './html/csp-steps.mjs';
import { HtmlPage } from './html/page.mjs';
import { inertFileBlocks } from './inert-files.mjs';
import { parseCmsConfig } from '../lib/config/cms-config.mjs';
import { localBackendUrl, publishTarget } from '../lib/config/publish-target.mjs';
import { isLoopbackHost } from '../lib/config/shared.mjs';

/** Origins of the absolute URLs among `urls` (same-origin paths are covered by 'self'). */
export function originsOf(urls) {
  const origins = new Set();
  for (const url of urls) {
    if (url && /^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** The directives of every page's <meta> policy, besides the script-src and style-src Astro writes. */
export function pageDirectives(env) {
  const forms = originsOf([env.contactEndpoint, env.registrationEndpoint]);
  const endpoints = originsOf([env.contactEndpoint, env.registrationEndpoint, env.confirmationEndpoint]);
  return [
    `default-src ${SELF}`,
    // Posts kept in a browser (docs/admin-guide.md) may show pictures from any https address.
    `img-src ${SELF} data: https:`,
    `font-src ${SELF}`,
    `connect-src ${[SELF, ...endpoints].join(' ')}`,
    `form-action ${[SELF, ...forms].join(' ')}`,
    `frame-src 'none'`,
    `worker-src ${SELF}`,
    `manifest-src ${SELF}`,
    `object-src 'none'`,
    `base-uri ${SELF}`,
  ];
}

/** The Content-Security-Policy header: the same on every path (see the top of this file). */
export function headerPolicy(env) {
  const forms = originsOf([env.contactEndpoint, env.registrationEndpoint]);
  return [
    `frame-ancestors 'none'`,
    `object-src 'none'`,
    `base-uri ${SELF}`,
    `form-action ${[SELF, ...forms].join(' ')}`,
  ].join('; ');
}

/**
 * Astro's security.csp option: Astro hashes its own scripts and styles into each page's <meta>.
 * @returns {Exclude<NonNullable<import('astro').AstroUserConfig['security']>['csp'], boolean | undefined>}
 */
export function cspConfig(env) {
  return { algorithm: 'SHA-256', directives: pageDirectives(env) };
}

// Default API addresses of Decap's git backends (its "Backends" documentation); `api_root` wins.
const DECAP_BACKEND_ORIGINS = {
  github: ['https://api.github.com'],
  gitlab: ['https://gitlab.com'],
  bitbucket: ['https://api.bitbucket.org', 'https://bitbucket.org'],
  azure: ['https://dev.azure.com'],
  'git-gateway': ['https://api.netlify.com'],
};

/**
 * What /cms/ needs on top of the site's policy, from admin/config.yml:
 * - script-src 'unsafe-eval': Decap validates its configuration with ajv, which compiles schemas
 *   with `new Function` (measured: without it the CMS shows nothing).
 * - style-src 'unsafe-inline': Decap's components (emotion) write <style> elements at run time, which
 *   no build-time hash can cover.
 * - connect-src: the git backend's API, and the local decap-server when `local_backend` is on (on
 *   DECAP_SERVER_PORT when set), only in a build served on loopback (`siteUrl`, as for the admin's
 *   pages): Decap only uses it when the CMS is opened on localhost, so a build for the public site
 *   never lets its CMS page reach a port of the visitor's computer.
 * - img-src blob:: previews of images chosen for upload; connect-src blob:: Decap reads a chosen
 *   file back through fetch(blob:) when it saves the entry (without it every upload, featured image
 *   or picture in a post's text, failed with "Failed to persist entry: TypeError: Failed to fetch").
 */
export function cmsRelaxations(configText, { siteUrl = '', env = process.env } = {}) {
  const config = parseCmsConfig(configText);
  const backend = config.backend ?? {};
  const connect = new Set(DECAP_BACKEND_ORIGINS[backend.name] ?? []);
  for (const key of ['api_root', 'base_url', 'auth_endpoint', 'gateway_url', 'identity_url']) {
    for (const origin of originsOf([backend[key]])) connect.add(origin);
  }
  const local = localBackendUrl(config, env);
  if (local && servedOnLoopback(siteUrl) && servedOnLoopback(local)) connect.add(new URL(local).origin);
  return {
    script: ["'unsafe-eval'"],
    style: ["'unsafe-inline'"],
    connect: [...connect, 'blob:'],
    img: ['blob:'],
  };
}

/** Whether a build for `siteUrl` (SITE_URL, or the development default) is one served on loopback. */
export function servedOnLoopback(siteUrl) {
  try {
    return isLoopbackHost(new URL(siteUrl).hostname);
  } catch {
    return false;
  }
}

/**
 * What the admin's pages (/admin/...) may connect to for "Publish to website" (src/lib/publish): the
 * GitHub API when GitHub is the backend, and with `local_backend` on, decap-server's own address as
 * admin/config.yml gives it (the one place its port is set), and only in a build that will be served
 * on loopback (SITE_URL on localhost, or unset): the admin uses decap-server only when it is opened
 * on localhost, so a build for the public site never lets its pages talk to this computer's ports.
 * Sign-in opens the OAuth provider in a popup, which needs no source here.
 */
export function adminConnectSources(configText, siteUrl) {
  const target = publishTarget(parseCmsConfig(configText));
  const sources = target.name === 'github' ? originsOf([target.apiRoot]) : [];
  if (target.localBackendUrl && servedOnLoopback(siteUrl)) {
    const local = originsOf([target.localBackendUrl]).filter((origin) => servedOnLoopback(origin));
    sources.push(...local);
  }
  return sources;
}

/**
 * One built page's <meta> policy completed by the pipeline's CSP steps (html/csp-steps.mjs, which
 * say what each does): the new HTML, the problems found (they fail the build) and warnings.
 * `relax` (for /cms/) adds sources; `extraConnect` adds to connect-src (the admin's pages).
 */
export function completePagePolicy(html, file, relax, extraConnect = []) {
  const page = new HtmlPage(html, file);
  const context = { relax: () => relax, extraConnect: () => extraConnect };
  for (const step of CSP_STEPS) step.run(page, context);
  return { html: page.html, problems: page.problems, warnings: page.warnings };
}

/** dist/_headers from the public/_headers template, with this build's Content-Security-Policy. */
export function renderHeaders(template, policy) {
  if (!/^\s+Content-Security-Policy:.*$/m.test(template)) {
    throw new Error('public/_headers: the /* block needs a Content-Security-Policy line to fill in.');
  }
  return template.replace(/^(\s+Content-Security-Policy:).*$/m, `$1 ${policy}`);
}

/**
 * The integration: writes dist/_headers with the header policy, then the blocks that make the files
 * that are not pages inert (inert-files.mjs). Each page's <meta> policy is completed by the HTML
 * pipeline (html/pipeline.mjs), which runs before it.
 */
export function securityHeaders(env) {
  return {
    name: 'security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const headersFile = path.join(out, '_headers');
        const rendered = renderHeaders(await readFile(headersFile, 'utf8'), headerPolicy(env));
        await writeFile(headersFile, rendered.replace(/\n*$/, '\n') + (await inertFileBlocks(out)));
        logger.info('Content-Security-Policy header written to _headers, inert for files that are not pages');
      },
    },
  };
}
