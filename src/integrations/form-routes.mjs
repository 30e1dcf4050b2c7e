// Records in the build which forms post to the site's own form routes (/api/forms/*: the endpoint
// variables that were unset when it was built), so that `npm start` answers those and nothing else
// (with the form handler, or the development collector without SMTP): a build whose forms post to
// other services gets no form route whatever the server's environment.
import { fileURLToPath } from 'node:url';
import { writeFormRoutes } from '../../server/dev-collector.mjs';
import { FORM_ROUTES } from '../lib/config/shared.mjs';

/** Form route to form name, for each form whose endpoint is the site's own route. */
export function formRoutesFor(env) {
  const endpoints = {
    contact: env.contactEndpoint,
    registration: env.registrationEndpoint,
    confirmation: env.confirmationEndpoint,
  };
  return Object.fromEntries(
    Object.entries(FORM_ROUTES)
      .filter(([form, route]) => endpoints[form] === route)
      .map(([form, route]) => [route, form]),
  );
}

export function formRoutes(env) {
  return {
    name: 'form-routes',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await writeFormRoutes(fileURLToPath(dir), formRoutesFor(env));
      },
    },
  };
}
