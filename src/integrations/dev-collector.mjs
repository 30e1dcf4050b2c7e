// Records in the build which forms post to the development collector (the endpoint variables that
// were unset when it was built), so that `npm start` answers those and nothing else: a production
// build, whose forms post to real services, gets no collector whatever the server's environment.
import { fileURLToPath } from 'node:url';
import { writeCollectorRoutes } from '../../server/dev-collector.mjs';
import { DEV_COLLECTOR } from '../lib/config/shared.mjs';

/** Collector path to form name, for each form whose endpoint is the development one. */
export function collectorRoutes(env) {
  const endpoints = {
    contact: env.contactEndpoint,
    registration: env.registrationEndpoint,
    confirmation: env.confirmationEndpoint,
  };
  return Object.fromEntries(
    Object.entries(DEV_COLLECTOR)
      .filter(([form, route]) => endpoints[form] === route)
      .map(([form, route]) => [route, form]),
  );
}

export function devCollector(env) {
  return {
    name: 'dev-collector',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await writeCollectorRoutes(fileURLToPath(dir), collectorRoutes(env));
      },
    },
  };
}
