// Where the admin's "Publish to website" writes (src/lib/publish): the git backend admin/config.yml
// sets up for Decap CMS, read at build time so the admin needs no YAML parser. One place to set it up.
import { parse } from 'yaml';

/** The port `npm run cms` starts decap-server on; Decap's own default for `local_backend: true`. */
export const DEFAULT_LOCAL_BACKEND_URL = 'http://localhost:8081/api/v1';

/**
 * The publishing target described by admin/config.yml's text:
 * { name, repo, branch, apiRoot, baseUrl, authEndpoint, localBackendUrl }. Only what publishing
 * uses; an unknown backend keeps its name so the admin can say that it is not supported.
 */
export function publishTarget(configText) {
  const config = parse(configText) ?? {};
  const backend = config.backend ?? {};
  const local = config.local_backend;
  return {
    name: String(backend.name ?? 'none'),
    repo: typeof backend.repo === 'string' ? backend.repo : '',
    branch: typeof backend.branch === 'string' && backend.branch ? backend.branch : 'master',
    apiRoot: typeof backend.api_root === 'string' ? backend.api_root : 'https://api.github.com',
    baseUrl: typeof backend.base_url === 'string' ? backend.base_url : 'https://api.netlify.com',
    authEndpoint: typeof backend.auth_endpoint === 'string' ? backend.auth_endpoint : 'auth',
    siteDomain: typeof backend.site_domain === 'string' ? backend.site_domain : '',
    localBackendUrl: local
      ? typeof local === 'object' && typeof local.url === 'string'
        ? local.url
        : DEFAULT_LOCAL_BACKEND_URL
      : '',
  };
}
