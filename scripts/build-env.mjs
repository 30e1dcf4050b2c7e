// Reads and checks the build-time environment once, for astro.config.mjs.
// Every variable is documented in the README ("Configuration").

/** Same-origin collector paths served by `npm start` when an endpoint is not configured. */
export const DEV_COLLECTOR = {
  contact: '/__dev/forms/contact',
  registration: '/__dev/forms/registration',
  confirmation: '/__dev/forms/confirmation',
};

const warned = new Set();
function warn(message) {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`\n\u001b[33m[config] ${message}\u001b[0m\n`);
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

/** @param {Record<string, string | undefined>} env */
export function buildEnvironment(env) {
  const site = readUrl(env, 'SITE_URL');
  if (!site) warn('SITE_URL is not set: canonical and Open Graph URLs use http://localhost:4321.');

  const endpoint = (name, fallback) => {
    const value = readUrl(env, name, { allowPath: true });
    if (value) return value;
    warn(
      `${name} is not set: the form posts to the development collector ${fallback}, ` +
        'which only `npm start` provides. Production needs a real endpoint.',
    );
    return fallback;
  };

  return {
    siteUrl: (site ?? 'http://localhost:4321').replace(/\/$/, ''),
    contactEndpoint: endpoint('PUBLIC_CONTACT_ENDPOINT', DEV_COLLECTOR.contact),
    registrationEndpoint: endpoint('PUBLIC_REGISTRATION_ENDPOINT', DEV_COLLECTOR.registration),
    confirmationEndpoint: endpoint('PUBLIC_CONFIRMATION_ENDPOINT', DEV_COLLECTOR.confirmation),
  };
}
