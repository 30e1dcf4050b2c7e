// @ts-check
// Where the admin's "Publish to website" writes (src/lib/publish): the git backend admin/config.yml
// sets up for Decap CMS, read at build time (parsed by src/lib/config/cms-config.mjs) so the admin
// needs no YAML parser. One place to set it up, and Decap's defaults where the file says nothing.

/**
 * The branch when admin/config.yml's backend names none: Decap's own default
 * (decap-cms-backend-github), so the admin publishes where the CMS commits. The project's file sets
 * `branch: main`; tests/unit/publish-connection.test.ts compares this with Decap's code.
 */
export const DEFAULT_BRANCH = 'master';

/** The port `npm run cms` starts decap-server on; Decap's own default for `local_backend: true`. */
export const DEFAULT_DECAP_SERVER_PORT = 8081;
export const DEFAULT_LOCAL_BACKEND_URL = `http://localhost:${DEFAULT_DECAP_SERVER_PORT}/api/v1`;

/**
 * DECAP_SERVER_PORT: the port `npm run cms` starts decap-server on (tools/cms.mjs), and so the one
 * the CMS, the admin and their Content-Security-Policy use; unset, 8081.
 * @param {Record<string, string | undefined>} env
 * @returns {number}
 */
export function decapServerPort(env = process.env) {
  const value = (env.DECAP_SERVER_PORT ?? '').trim();
  if (!value) return DEFAULT_DECAP_SERVER_PORT;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port >= 1 && port <= 65535)) {
    throw new Error(`DECAP_SERVER_PORT must be a port number (1 to 65535), not "${value}".`);
  }
  return port;
}

/**
 * decap-server's API address for admin/config.yml's parsed `config`: '' when `local_backend` is off;
 * with DECAP_SERVER_PORT set, that port on localhost; otherwise `local_backend.url` or Decap's default.
 * @param {Record<string, any>} config
 * @param {Record<string, string | undefined>} env
 * @returns {string}
 */
export function localBackendUrl(config, env = process.env) {
  const local = config?.local_backend;
  if (!local) return '';
  if ((env.DECAP_SERVER_PORT ?? '').trim()) return `http://localhost:${decapServerPort(env)}/api/v1`;
  return typeof local === 'object' && typeof local.url === 'string' ? local.url : DEFAULT_LOCAL_BACKEND_URL;
}

/**
 * The publishing target of admin/config.yml's parsed `config` (src/lib/config/cms-config.mjs):
 * { name, repo, branch, apiRoot, baseUrl, authEndpoint, siteDomain, localBackendUrl }. Only what
 * publishing uses; an unknown backend keeps its name so the admin can say that it is not supported.
 * @param {Record<string, any>} config
 * @param {Record<string, string | undefined>} env
 */
export function publishTarget(config, env = process.env) {
  const backend = config?.backend ?? {};
  return {
    name: String(backend.name ?? 'none'),
    repo: typeof backend.repo === 'string' ? backend.repo : '',
    branch:
      typeof backend.branch === 'string' && backend.branch.trim() ? backend.branch.trim() : DEFAULT_BRANCH,
    apiRoot: typeof backend.api_root === 'string' ? backend.api_root : 'https://api.github.com',
    baseUrl: typeof backend.base_url === 'string' ? backend.base_url : 'https://api.netlify.com',
    authEndpoint: typeof backend.auth_endpoint === 'string' ? backend.auth_endpoint : 'auth',
    siteDomain: typeof backend.site_domain === 'string' ? backend.site_domain : '',
    localBackendUrl: localBackendUrl(config, env),
  };
}
