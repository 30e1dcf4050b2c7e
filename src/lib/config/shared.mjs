// @ts-check
// What the build's checks (tools/build-env.mjs), the server (server/), the tools (tools/), the form
// handler and the browser's fallbacks must agree on about the environment, in one plain module that
// Node runs as it is: the development defaults of the build variables and the test for "SMTP is
// set". The variables themselves reach site code through astro:env (docs/configuration.md).

/** The host names of this computer, as `new URL(...).hostname` gives them. */
export const LOOPBACK_HOSTS = /** @type {const} */ (['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a host name (`new URL(...).hostname`) is this computer: the one rule for "is this
 * localhost" of the build's checks, the CSP and the admin's publishing to decap-server.
 * @param {string} hostname
 */
export function isLoopbackHost(hostname) {
  return /** @type {readonly string[]} */ (LOOPBACK_HOSTS).includes(hostname);
}

/** The forms that post somewhere configurable, by the name the collector and the handler use. */
export const FORM_NAMES = /** @type {const} */ (['contact', 'registration', 'confirmation']);

/**
 * The site's own form routes, where a form posts when its endpoint variable is not set: answered by
 * the form handler (e-mail) in `npm start` with SMTP set and in the Netlify Function, otherwise by
 * `npm start`'s development collector (.data/). Production routes, hence /api/.
 */
export const FORM_ROUTES = {
  contact: '/api/forms/contact',
  registration: '/api/forms/registration',
  confirmation: '/api/forms/confirmation',
};

/** Every form route starts with this (the server answers no other path as a form). */
export const FORM_ROUTE_PREFIX = '/api/forms/';

/**
 * The documented development admin account, used when ADMIN_USERNAME and ADMIN_PASSWORD_SHA256 are
 * unset (docs/configuration.md, "The admin account"): username 'admin', password 'change-me-now'.
 * Only its hash is kept here; the build warns whenever it is in use.
 */
export const DEV_ADMIN = {
  username: 'admin',
  passwordSha256: 'ccc0b903bce51fb554262d742d0a282e1f8a87d064f1cf44f8ff5148ca4beb42',
};

/**
 * True when any SMTP variable is set: `npm start` (and the Netlify Function) then e-mail the forms
 * instead of collecting them. Read when the server starts, never by the build.
 * @param {Record<string, string | undefined>} env
 */
export function smtpConfigured(env) {
  return ['SMTP_URL', 'SMTP_HOST'].some((name) => Boolean(env[name]?.trim()));
}
