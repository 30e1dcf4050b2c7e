// Reads and checks the build-time environment once, for astro.config.mjs.
// Every variable is documented in the README ("Configuration").

/** Same-origin collector paths served by `npm start` when an endpoint is not configured. */
export const DEV_COLLECTOR = {
  contact: '/__dev/forms/contact',
  registration: '/__dev/forms/registration',
  confirmation: '/__dev/forms/confirmation',
};

/**
 * The documented development admin account, used when ADMIN_USERNAME and ADMIN_PASSWORD_SHA256 are
 * unset (README, "Admin and security"): username 'admin', password 'change-me-now'. Only its hash is
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
        "Set both before deploying (README, 'Admin and security').",
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
        'collects it in .data/ (README, "Forms and e-mail").',
    );
    return fallback;
  };

  return {
    siteUrl: (site ?? 'http://localhost:4321').replace(/\/$/, ''),
    contactEndpoint: endpoint('PUBLIC_CONTACT_ENDPOINT', DEV_COLLECTOR.contact),
    registrationEndpoint: endpoint('PUBLIC_REGISTRATION_ENDPOINT', DEV_COLLECTOR.registration),
    confirmationEndpoint: endpoint('PUBLIC_CONFIRMATION_ENDPOINT', DEV_COLLECTOR.confirmation),
    adminAccount: readAdminAccount(env),
  };
}
