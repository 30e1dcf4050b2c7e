// Reads and checks the build-time environment once, for astro.config.mjs, and declares it for
// astro:env (envSchema): site code reads the checked values from `astro:env/client`, never from
// process.env or this file. Every variable is documented in docs/configuration.md.
import { envField } from 'astro/config';
import {
  bytesToHex,
  derivePasswordHash,
  ADMIN_USERNAME_PATTERN,
  ADMIN_USERNAME_RULE,
  PBKDF2_ITERATIONS,
  shippedAccountProblem,
  siteSalt,
} from '../src/lib/auth/password-derivation.mjs';
import { DEV_ADMIN, FORM_ROUTES, isLoopbackHost } from '../src/lib/config/shared.mjs';

const DEV_SITE_URL = 'http://localhost:4321';

/**
 * astro.config.mjs's `env.schema`: every build variable, and where it may be read. The defaults are
 * the development ones buildEnvironment falls back to (with its warnings), so `astro:env/client`
 * and the checks agree when a variable is unset. Only public values are in `client` context, and
 * a static build inlines those into the pages' scripts: ADMIN_PASSWORD_SHA256 is a server secret
 * that no site code reads (the build ships only its PBKDF2 derivation, shippedAdminAccount), and
 * Astro refuses `astro:env/server` in browser code. The SMTP settings are not here: they are read
 * when the server starts, by code that Astro does not build (server/form-handler/config.ts).
 */
export const envSchema = {
  // Read by the pages as Astro.site (astro.config.mjs `site`).
  SITE_URL: envField.string({ context: 'server', access: 'public', optional: true, url: true }),
  PUBLIC_CONTACT_ENDPOINT: envField.string({
    context: 'client',
    access: 'public',
    default: FORM_ROUTES.contact,
  }),
  PUBLIC_REGISTRATION_ENDPOINT: envField.string({
    context: 'client',
    access: 'public',
    default: FORM_ROUTES.registration,
  }),
  PUBLIC_CONFIRMATION_ENDPOINT: envField.string({
    context: 'client',
    access: 'public',
    default: FORM_ROUTES.confirmation,
  }),
  CMS_ORIGIN: envField.string({ context: 'client', access: 'public', default: '' }),
  ADMIN_USERNAME: envField.string({ context: 'client', access: 'public', default: DEV_ADMIN.username }),
  ADMIN_PASSWORD_SHA256: envField.string({ context: 'server', access: 'secret', optional: true }),
};

const SHA256_HEX = /^[0-9a-f]{64}$/i;

const warned = new Set();
function warn(message, { loud = false } = {}) {
  if (warned.has(message)) return;
  warned.add(message);
  if (loud) console.warn(`\n\u001b[1;31m[config] WARNING: ${message}\u001b[0m\n`);
  else console.warn(`\n\u001b[33m[config] ${message}\u001b[0m\n`);
}

/** https, or plain http only to this computer (localhost, 127.0.0.1), for trials. @param {URL} url */
const httpsOrThisComputer = (url) =>
  url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));

function readUrl(env, name, { allowPath = false } = {}) {
  const raw = (env[name] ?? '').trim();
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
    return url.href;
  } catch {
    // A path of this site; never '//host/…' or '/\host/…', which a browser reads as another host.
    if (allowPath && /^\/(?![/\\])/.test(raw)) return raw;
    throw new Error(`${name} must be an absolute http(s) URL; got "${raw}".`);
  }
}

/** True for a variable a host sets to say the build runs there ('false' and '0' count as unset). */
const isSet = (value) => Boolean(value?.trim()) && !/^(false|0)$/i.test(value.trim());

/**
 * The site's address where SITE_URL is unset but the host knows it. Without it a deployed site's
 * canonical addresses, sitemap and robots.txt named http://localhost:4321, which search engines
 * follow. Netlify gives URL, the site's main address (its own domain once one is set). Cloudflare
 * Pages gives only each deployment's address (CF_PAGES_URL), which is no canonical address: a build
 * there stops until SITE_URL is set.
 * @param {Record<string, string | undefined>} env
 */
function hostSiteUrl(env) {
  if (isSet(env.NETLIFY) && env.URL?.trim()) {
    warn(`SITE_URL is not set: Netlify's URL, ${env.URL.trim()}, is the site's address.`);
    return readUrl({ URL: env.URL }, 'URL');
  }
  if (isSet(env.CF_PAGES)) {
    throw new Error(
      "SITE_URL is not set: on Cloudflare Pages, set it to the site's address (such as " +
        'https://www.example.org) under Settings, Variables and Secrets, for Production and Preview. ' +
        'Without it every canonical address, the sitemap and robots.txt would name http://localhost:4321.',
    );
  }
  return undefined;
}

/**
 * SITE_URL as an origin: every canonical address, the sitemap and the feed are built on it, so a
 * path, a query, a fragment or a user name in it would make them wrong (the feed's link kept
 * '/sub?x=1'), and a password in it would be published on every page. A trailing slash is fine.
 * @param {Record<string, string | undefined>} env
 */
function readSiteUrl(env) {
  const site = readUrl(env, 'SITE_URL') ?? hostSiteUrl(env);
  if (!site) return undefined;
  const url = new URL(site);
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(
      `SITE_URL must be the site's origin only, such as https://www.example.org: no path, query, ` +
        `fragment or user name; got "${(env.SITE_URL ?? '').trim()}".`,
    );
  }
  if (!httpsOrThisComputer(url))
    warn(`SITE_URL is not https (${url.origin}): canonical addresses and the sitemap will say http.`);
  return url.origin;
}

/**
 * The admin account from ADMIN_USERNAME and ADMIN_PASSWORD_SHA256 (hex SHA-256 of the password,
 * never the password). Both or neither: one without the other is a configuration mistake.
 * @param {Record<string, string | undefined>} env
 */
function readAdminAccount(env) {
  // Set but blank (spaces only, as a CI secret that lost its value may give) is a mistake, not
  // "unset": the build would otherwise go on with the development account.
  for (const name of ['ADMIN_USERNAME', 'ADMIN_PASSWORD_SHA256']) {
    const raw = env[name] ?? '';
    if (raw !== '' && raw.trim() === '') {
      throw new Error(`${name} is set but blank; give it a value, or unset it for the development account.`);
    }
  }
  const username = (env.ADMIN_USERNAME ?? '').trim();
  // `sha256sum` prints '<hash>  -'; accept the line as pasted.
  const hash = (env.ADMIN_PASSWORD_SHA256 ?? '').trim().replace(/\s+-$/, '');
  if (!username && !hash) {
    warn(
      'ADMIN_USERNAME and ADMIN_PASSWORD_SHA256 are not set: the admin sign-in uses the DEVELOPMENT ' +
        `account "${DEV_ADMIN.username}" / "change-me-now", which anyone can read in the README. ` +
        "Set both before deploying (docs/configuration.md, 'The admin account').",
      { loud: true },
    );
    return { username: DEV_ADMIN.username, passwordSha256: DEV_ADMIN.passwordSha256, development: true };
  }
  if (!username)
    throw new Error('ADMIN_PASSWORD_SHA256 is set but ADMIN_USERNAME is not; set both or neither.');
  if (!hash) throw new Error('ADMIN_USERNAME is set but ADMIN_PASSWORD_SHA256 is not; set both or neither.');
  if (!ADMIN_USERNAME_PATTERN.test(username)) {
    throw new Error(`${ADMIN_USERNAME_RULE}.`);
  }
  if (!SHA256_HEX.test(hash)) {
    throw new Error(
      'ADMIN_PASSWORD_SHA256 must be the 64-character hex SHA-256 of the password ' +
        `(printf %s 'your password' | sha256sum); got ${hash.length} characters.`,
    );
  }
  if (hash.toLowerCase() === DEV_ADMIN.passwordSha256) {
    warn('ADMIN_PASSWORD_SHA256 is the hash of the development password "change-me-now": choose your own.', {
      loud: true,
    });
  }
  return { username, passwordSha256: hash.toLowerCase(), development: false };
}

/**
 * Whether the build runs where each change pushed to the repository is built and deployed by itself
 * (Netlify, Cloudflare Pages, GitHub Actions). Elsewhere (`npm start` on the practice's own server,
 * a plain nginx) a published post waits for someone to update the server, and the admin says so.
 * @param {Record<string, string | undefined>} env
 */
export function hostBuildsEachChange(env) {
  return ['NETLIFY', 'CF_PAGES', 'GITHUB_ACTIONS'].some((name) => isSet(env[name]));
}

/**
 * Why a build is taken for one that will be published, or undefined for a local one: a CI run, a
 * Netlify or Cloudflare Pages build, or a public https origin. ('false' and '0' count as unset.)
 * @param {Record<string, string | undefined>} env
 */
export function productionBuildReason(env) {
  for (const name of ['CI', 'NETLIFY', 'CF_PAGES']) if (isSet(env[name])) return `${name} is set`;
  if (/^https:/i.test((env.SITE_URL ?? '').trim())) return 'SITE_URL is https';
  return undefined;
}

/**
 * Stops a build that would publish the development account (docs/configuration.md, "The admin account"): its
 * password is in the README. Local builds keep it, with the warning readAdminAccount prints.
 * @param {Record<string, string | undefined>} env
 * @param {{ passwordSha256: string, development: boolean }} account as buildEnvironment read it
 */
export function refuseDevelopmentAccountInProduction(env, account) {
  const reason = productionBuildReason(env);
  if (!reason) return;
  if (account.development) {
    throw new Error(
      `This looks like a production build (${reason}), and ADMIN_USERNAME and ADMIN_PASSWORD_SHA256 ` +
        `are not set: it would publish the development account "${DEV_ADMIN.username}" / "change-me-now". ` +
        "Set both where the site is built (docs/configuration.md, 'The admin account'): " +
        "ADMIN_PASSWORD_SHA256 is the output of printf %s 'your passphrase' | sha256sum.",
    );
  }
  if (account.passwordSha256 === DEV_ADMIN.passwordSha256) {
    throw new Error(
      `This looks like a production build (${reason}), and ADMIN_PASSWORD_SHA256 is the hash of the ` +
        'development password "change-me-now", which the README publishes. Choose your own passphrase.',
    );
  }
}

/**
 * The admin variables for a build made only to be measured (npm run audit, npm run bench): the
 * caller's own when set, and on a production-like machine (CI=true) an account nobody can sign in
 * with (the SHA-256 value of no known password), since that build refuses the development account.
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string>}
 */
export function measurementAdminEnv(env) {
  if ((env.ADMIN_USERNAME ?? '').trim() || (env.ADMIN_PASSWORD_SHA256 ?? '').trim()) return {};
  if (!productionBuildReason(env)) return {};
  return {
    ADMIN_USERNAME: 'measurement',
    ADMIN_PASSWORD_SHA256: bytesToHex(crypto.getRandomValues(new Uint8Array(32))),
  };
}

/**
 * What the login page gets instead of the SHA-256: its PBKDF2 derivation with the site's salt
 * (siteSalt: the same at every build of the site, decision 0055; docs/configuration.md, "The admin
 * account"). Takes about half a second.
 * @param {{ username: string, passwordSha256: string, development: boolean }} account
 * @param {{ siteUrl?: string, salt?: string, iterations?: number }} [options] salt and iterations for tests
 */
export async function shippedAdminAccount(
  account,
  { siteUrl = DEV_SITE_URL, salt, iterations = PBKDF2_ITERATIONS } = {},
) {
  salt ??= await siteSalt(siteUrl, account.username);
  const shipped = {
    username: account.username,
    passwordHash: await derivePasswordHash(account.passwordSha256, salt, iterations),
    salt,
    iterations,
    development: account.development,
  };
  // The sign-in takes the development account instead of a value it finds malformed
  // (src/lib/auth/admin-account.ts); the build stops on one first, naming the variable.
  const problem = shippedAccountProblem(shipped);
  if (problem) throw new Error(`The admin account cannot be built: ${problem}.`);
  return shipped;
}

/**
 * CMS_ORIGIN: the origin Decap CMS runs on when it has one of its own (docs/content-editing.md, "Decap CMS on its own
 * origin"), e.g. https://cms.example.org serving this same build; '' when unset. An origin only (no
 * path), https, and not the public site's: the point is that the public site's scripts never share
 * the CMS's storage.
 * @param {Record<string, string | undefined>} env
 * @param {string} siteUrl
 */
export function readCmsOrigin(env, siteUrl) {
  const raw = (env.CMS_ORIGIN ?? '').trim();
  if (!raw) return '';
  const refuse = (why) => {
    throw new Error(
      `CMS_ORIGIN must be an https origin such as https://cms.example.org (${why}); got "${raw}".`,
    );
  };
  let url;
  try {
    url = new URL(raw);
  } catch {
    return refuse('not a URL');
  }
  if (!httpsOrThisComputer(url)) refuse('not https');
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    refuse('an origin has no path, query or user name');
  }
  if (url.origin === new URL(siteUrl).origin) refuse('it is the public site itself, SITE_URL');
  return url.origin;
}

/**
 * The build's settings, checked: a malformed value throws with the variable's name; an unset one
 * falls back to its development default with a warning. `variables` holds every public variable of
 * envSchema as checked and normalised (trimmed, an origin without its slash...), or '' when unset:
 * astro.config.mjs puts them back into process.env, where astro:env reads them (over any .env file;
 * '' gives the schema's default), so the pages read exactly these values.
 * @param {Record<string, string | undefined>} env
 */
export function buildEnvironment(env) {
  /** @type {Record<string, string>} */
  const variables = {};
  const site = readSiteUrl(env);
  if (!site) warn(`SITE_URL is not set: canonical and Open Graph URLs use ${DEV_SITE_URL}.`);

  const endpoint = (name, fallback) => {
    const value = readUrl(env, name, { allowPath: true });
    // What a visitor types crosses the network encrypted, and a page served over https may not
    // post to http at all (the browser blocks it).
    if (value && !value.startsWith('/') && !httpsOrThisComputer(new URL(value))) {
      throw new Error(
        `${name} must be an https URL: visitors' messages must not cross the network unencrypted, ` +
          `and browsers refuse to send them from an https page to http; got "${value}".`,
      );
    }
    variables[name] = value ?? '';
    if (value) return value;
    warn(
      `${name} is not set: the form posts to the site's own ${fallback}, which \`npm start\` ` +
        'with SMTP settings or the Netlify Function sends by e-mail; without SMTP, `npm start` only ' +
        'collects it in .data/ (docs/deployment.md, "Forms and e-mail").',
    );
    return fallback;
  };

  const siteUrl = (site ?? DEV_SITE_URL).replace(/\/$/, '');
  variables.SITE_URL = site ? siteUrl : '';
  const contactEndpoint = endpoint('PUBLIC_CONTACT_ENDPOINT', FORM_ROUTES.contact);
  const registrationEndpoint = endpoint('PUBLIC_REGISTRATION_ENDPOINT', FORM_ROUTES.registration);
  const confirmationEndpoint = endpoint('PUBLIC_CONFIRMATION_ENDPOINT', FORM_ROUTES.confirmation);
  const adminAccount = readAdminAccount(env);
  variables.ADMIN_USERNAME = adminAccount.development ? '' : adminAccount.username;
  const cmsOrigin = readCmsOrigin(env, siteUrl);
  variables.CMS_ORIGIN = cmsOrigin;
  return {
    siteUrl,
    contactEndpoint,
    registrationEndpoint,
    confirmationEndpoint,
    adminAccount,
    cmsOrigin,
    variables,
  };
}
