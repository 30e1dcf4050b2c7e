// Content-Security-Policy and the other security headers (docs/security.md, "Security headers").
//
// Two parts, because no single one can carry the whole policy on every host:
// - Each page carries its full policy in a <meta http-equiv> tag. Astro writes it (security.csp) with
//   the SHA-256 of every script and style it emits; the build then adds the hashes of the layout's
//   own inline scripts (Astro does not hash `is:inline` scripts) and gives /cms/ the two relaxations
//   Decap CMS needs. No page allows inline scripts it did not ship, and only /cms/ allows eval.
// - The HTTP header (public/_headers, the file Netlify, Cloudflare Pages and `npm start` read) carries
//   what a <meta> tag cannot (frame-ancestors) and what holds on every page, the CMS included. It is
//   the same for every path on purpose: hosts combine overlapping rules differently (Netlify keeps
//   the last, Cloudflare joins both into two policies), so a per-path exception is not portable.
// The browser enforces both policies; a request must pass each of them.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { builtFiles } from './built-files.mjs';
import { publishTarget } from './publish-config.mjs';

const SELF = "'self'";

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
 * - connect-src: the git backend's API (and the local decap-server when `local_backend` is on; Decap
 *   only uses it when the CMS is opened on localhost).
 * - img-src blob:: previews of images chosen for upload.
 */
export function cmsRelaxations(configText) {
  const config = parse(configText) ?? {};
  const backend = config.backend ?? {};
  const connect = new Set(DECAP_BACKEND_ORIGINS[backend.name] ?? []);
  for (const key of ['api_root', 'base_url', 'auth_endpoint', 'gateway_url', 'identity_url']) {
    for (const origin of originsOf([backend[key]])) connect.add(origin);
  }
  if (config.local_backend) {
    const local = typeof config.local_backend === 'object' ? config.local_backend.url : undefined;
    connect.add(new URL(local ?? 'http://localhost:8081/api/v1').origin);
  }
  return {
    script: ["'unsafe-eval'"],
    style: ["'unsafe-inline'"],
    connect: [...connect],
    img: ['blob:'],
  };
}

/**
 * What the admin's pages (/admin/...) may connect to for "Publish to website" (src/lib/publish): the
 * GitHub API when GitHub is the backend, and with `local_backend` on, decap-server on this computer
 * on any port (the admin honours another port only on localhost, for tests and a second checkout).
 * Sign-in opens the OAuth provider in a popup, which needs no source here.
 */
export function adminConnectSources(configText) {
  const target = publishTarget(configText);
  const sources = target.name === 'github' ? originsOf([target.apiRoot]) : [];
  if (target.localBackendUrl) sources.push('http://localhost:*', 'http://127.0.0.1:*');
  return sources;
}

const hashOf = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const META = /<meta http-equiv="content-security-policy" content="([^"]*)">/i;
// <script> elements the browser runs: no src and no type, or a JavaScript type (not JSON-LD).
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)((?:\s[^>]*)?)>([\s\S]*?)<\/script>/gi;
const RUNS = /^\s*$|\stype="?(?:module|text\/javascript|application\/javascript)"?/i;
const INLINE_STYLE = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi;
/** A start tag, quoted attribute values (which may hold '>') included. */
const START_TAG = /<[a-z](?:[^>"']|"[^"]*"|'[^']*')*>/gi;

function parsePolicy(content) {
  const policy = new Map();
  for (const part of content.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/).filter(Boolean);
    if (name) policy.set(name, values);
  }
  return policy;
}

const renderPolicy = (policy) => [...policy].map(([name, values]) => [name, ...values].join(' ')).join('; ');

/**
 * Completes one built page's <meta> policy and moves the tag to the top of <head>, so it governs
 * everything after it. Returns the new HTML, the problems found (they fail the build) and warnings.
 * - Inline scripts of the layout (in <head>, or before <main> on pages that have one) get their
 *   hash: they are ours. An inline script inside <main> is never allowed automatically: content
 *   cannot bless itself.
 * - Astro lists the hash of every script and style it could emit on any page; a hash matching no
 *   inline script or style of this page is dropped. Each is 53 bytes no compression shrinks, and
 *   the home page must fit the first round trip (docs/performance.md).
 * - `relax` (for /cms/) adds sources; 'unsafe-inline' replaces a directive's hashes (browsers ignore
 *   it next to a hash).
 */
export function completePagePolicy(html, file, relax, extraConnect = []) {
  const problems = [];
  const found = META.exec(html);
  if (!found) {
    return {
      html,
      problems: [`${file}: no Content-Security-Policy <meta> (is security.csp on?)`],
      warnings: [],
    };
  }
  const policy = parsePolicy(found[1].replaceAll('&#39;', "'"));
  const scriptSrc = policy.get('script-src') ?? [SELF];
  const headEnd = html.indexOf('</head>');
  const mainStart = html.search(/<main[\s>]/);
  const layoutEnd = mainStart >= 0 ? mainStart : headEnd;

  const inPage = new Set();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (!RUNS.test(match[1])) continue;
    const hash = hashOf(match[2]);
    inPage.add(hash);
    if (scriptSrc.includes(hash)) continue;
    if (match.index < layoutEnd) scriptSrc.push(hash);
    else problems.push(`${file}: an inline script inside <main> has no hash, so the browser blocks it`);
  }
  for (const match of html.matchAll(INLINE_STYLE)) inPage.add(hashOf(match[1]));
  const usedHere = (values) => values.filter((value) => !value.startsWith("'sha256-") || inPage.has(value));
  // Start tags with their quoted attribute values blanked: a value that quotes a post's title
  // (og:title, say) may read 'onerror=' as text, which is not an attribute.
  const tags = [...html.replace(INLINE_SCRIPT, '').replace(INLINE_STYLE, '').matchAll(START_TAG)]
    .map((tag) => tag[0].replace(/"[^"]*"|'[^']*'/g, '""'))
    .join('\n');
  if (/\son[a-z]+\s*=/i.test(tags)) {
    problems.push(`${file}: an inline event handler attribute (onclick=...) would be blocked`);
  }
  const warnings = [];
  if (!relax && /\sstyle\s*=/i.test(tags)) {
    warnings.push(`${file}: a style="..." attribute is ignored under this policy; use a class`);
  }
  policy.set('script-src', usedHere(scriptSrc));
  if (policy.has('style-src')) policy.set('style-src', usedHere(policy.get('style-src')));

  if (relax) {
    const add = (name, values) =>
      policy.set(name, [...new Set([...(policy.get(name) ?? [SELF]), ...values])]);
    add('script-src', relax.script);
    add('connect-src', relax.connect);
    add('img-src', relax.img);
    policy.set('style-src', [SELF, ...relax.style]);
  } else {
    const styleSrc = policy.get('style-src') ?? [SELF];
    for (const match of html.matchAll(INLINE_STYLE)) {
      if (!styleSrc.includes(hashOf(match[1]))) problems.push(`${file}: an inline <style> has no hash`);
    }
  }
  if (extraConnect.length > 0) {
    policy.set('connect-src', [...new Set([...(policy.get('connect-src') ?? [SELF]), ...extraConnect])]);
  }
  for (const value of policy.get('script-src')) {
    if (value === "'unsafe-inline'" || (value === "'unsafe-eval'" && !relax)) {
      problems.push(`${file}: script-src must not allow ${value}`);
    }
  }

  const meta = `<meta http-equiv="content-security-policy" content="${renderPolicy(policy)}">`;
  const withoutMeta = html.replace(found[0], '');
  // Right after <meta charset>, which must stay first.
  const charset = /<meta charset="[^"]*">/i.exec(withoutMeta);
  const at = charset ? charset.index + charset[0].length : withoutMeta.indexOf('<head>') + '<head>'.length;
  return { html: withoutMeta.slice(0, at) + meta + withoutMeta.slice(at), problems, warnings };
}

/** dist/_headers from the public/_headers template, with this build's Content-Security-Policy. */
export function renderHeaders(template, policy) {
  if (!/^\s+Content-Security-Policy:.*$/m.test(template)) {
    throw new Error('public/_headers: the /* block needs a Content-Security-Policy line to fill in.');
  }
  return template.replace(/^(\s+Content-Security-Policy:).*$/m, `$1 ${policy}`);
}

/** The integration: completes every page's policy and writes dist/_headers after the build. */
export function securityHeaders(env) {
  let root = '';
  return {
    name: 'security-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const configText = await readFile(path.join(root, 'admin/config.yml'), 'utf8');
        const cms = cmsRelaxations(configText);
        const adminConnect = adminConnectSources(configText);
        const problems = [];
        for (const file of await builtFiles(out, /\.html$/)) {
          const relative = path.relative(out, file).split(path.sep).join('/');
          const relax = /^cms\//.test(relative) ? cms : undefined;
          const extraConnect = /^admin\//.test(relative) ? adminConnect : [];
          const result = completePagePolicy(await readFile(file, 'utf8'), relative, relax, extraConnect);
          problems.push(...result.problems);
          for (const warning of result.warnings) logger.warn(warning);
          await writeFile(file, result.html);
        }
        if (problems.length > 0) {
          throw new Error(`Content-Security-Policy problems:\n  ${problems.join('\n  ')}`);
        }
        const headersFile = path.join(out, '_headers');
        await writeFile(headersFile, renderHeaders(await readFile(headersFile, 'utf8'), headerPolicy(env)));
        logger.info(`Content-Security-Policy completed in every page and written to _headers`);
      },
    },
  };
}
