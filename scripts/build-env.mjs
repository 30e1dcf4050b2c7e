// Reads and checks the build-time environment once, for astro.config.mjs.
// Every variable is documented in docs/configuration.md.
import {
  bytesToHex,
  derivePasswordHash,
  makeSalt,
  PBKDF2_ITERATIONS,
} from '../src/lib/auth/password-derivation.mjs';

/** Same-origin collector paths served by `npm start` when an endpoint is not configured. */
export const DEV_COLLECTOR = {
  contact: '/__dev/forms/contact',
  registration: '/__dev/forms/registration',
  confirmation: '/__dev/forms/confirmation',
};

/**
 * The documented development admin account, used when ADMIN_USERNAME and ADMIN_PASSWORD_SHA256 are
 * unset (docs/configuration.md, "The admin account"): username 'admin', password 'change-me-now'. Only its hash is
 * kept here; the build warns whenever it is in use.
 */
export const DEV_ADMIN = {
  username: 'admin',
  passwordSha256: 'ccc0b903bce51fb554262d742d0a282e1f8a87d064f1cf44f8ff5148ca4beb42',
};

const SHA256_HEX = /^[0-9a-f]{64}$/i;

const warned = new Set();
function warn(message, { loud = false } = {}) {
  if (warned.has(message)) return;
  warned.add(message);
  if (loud) console.warn(`\n\u001b[1;31m[config] WARNING: ${message}\u001b[0m\n`);
  else console.warn(`\n\u001b[33m[config] ${message}\u001b[0m\n`);
}

function readUrl(env, name, { allowPath = false } = {}) {
  const raw = (env[name] ?? '').trim();
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
    return url.href;
  } catch {
    if (allowPath && raw.startsWith('/')) return raw;
    throw new Error(`${name} must be an absolute http(s) URL; got "${raw}".`);
  }
}

/**
 * The admin account from ADMIN_USERNAME and ADMIN_PASSWORD_SHA256 (hex SHA-256 of the password,
 * never the password). Both or neither: one without the other is a configuration mistake.
 * @param {Record<string, string | undefined>} env
 */
function readAdminAccount(env) {
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
  if (username.length > 100 || /\s/.test(username)) {
    throw new Error('ADMIN_USERNAME must be at most 100 characters without spaces.');
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
 * Why a build is taken for one that will be published, or undefined for a local one: a CI run, a
 * Netlify or Cloudflare Pages build, or a public https origin. ('false' and '0' count as unset.)
 * @param {Record<string, string | undefined>} env
 */
export function productionBuildReason(env) {
  for (const name of ['CI', 'NETLIFY', 'CF_PAGES']) {
    const value = (env[name] ?? '').trim();
    if (value && !/^(false|0)$/i.test(value)) return `${name} is set`;
  }
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
 * What the login page gets instead of the SHA-256: its PBKDF2 derivation with a salt made now, at
 * each build (docs/configuration.md, "The admin account"). Takes about half a second.
 * @param {{ username: string, passwordSha256: string, development: boolean }} account
 * @param {{ salt?: string, iterations?: number }} [options] for tests
 */
export async function shippedAdminAccount(
  account,
  { salt = makeSalt(), iterations = PBKDF2_ITERATIONS } = {},
) {
  return {
    username: account.username,
    passwordHash: await derivePasswordHash(account.passwordSha256, salt, iterations),
    salt,
    iterations,
    development: account.development,
  };
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
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) refuse('not https');
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    refuse('an origin has no path, query or user name');
  }
  if (url.origin === new URL(siteUrl).origin) refuse('it is the public site itself, SITE_URL');
  return url.origin;
}

/** @param {Record<string, string | undefined>} env */
export function buildEnvironment(env) {
  const site = readUrl(env, 'SITE_URL');
  if (!site) warn('SITE_URL is not set: canonical and Open Graph URLs use http://localhost:4321.');

  const endpoint = (name, fallback) => {
    const value = readUrl(env, name, { allowPath: true });
    if (value) return value;
    warn(
      `${name} is not set: the form posts to the site's own ${fallback}, which \`npm start\` ` +
        'with SMTP settings or the Netlify Function sends by e-mail; without SMTP, `npm start` only ' +
        'collects it in .data/ (docs/deployment.md, "Forms and e-mail").',
    );
    return fallback;
  };

  const siteUrl = (site ?? 'http://localhost:4321').replace(/\/$/, '');
  return {
    siteUrl,
    contactEndpoint: endpoint('PUBLIC_CONTACT_ENDPOINT', DEV_COLLECTOR.contact),
    registrationEndpoint: endpoint('PUBLIC_REGISTRATION_ENDPOINT', DEV_COLLECTOR.registration),
    confirmationEndpoint: endpoint('PUBLIC_CONFIRMATION_ENDPOINT', DEV_COLLECTOR.confirmation),
    adminAccount: readAdminAccount(env),
    cmsOrigin: readCmsOrigin(env, siteUrl),
  };
}
