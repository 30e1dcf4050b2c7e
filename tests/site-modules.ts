// The modules only a build provides (`astro:env/client`, `virtual:build-derived`), as a build with
// no variables set makes them, for site code run outside Astro: the unit tests (vitest.config.ts)
// and the code an end-to-end test puts into a page (tests/e2e/session-seed.ts). Site code then
// takes its development fallbacks, as before any build.
import type { Plugin } from 'vite';
import { envSchema } from '../tools/build-env.mjs';
import { buildDerivedPlugin } from '../src/integrations/build-derived.mjs';

/**
 * `astro:env/client` as a build with no variables set makes it: each client field's default, read
 * from the same schema astro.config.mjs gives Astro (tools/build-env.mjs).
 */
function astroEnvDefaults(): Plugin {
  const id = 'astro:env/client';
  const source = Object.entries(envSchema)
    .filter(([, field]) => field.context === 'client')
    .map(([name, field]) => `export const ${name} = ${JSON.stringify(field.default)};`)
    .join('\n');
  return {
    name: 'astro-env-defaults',
    resolveId: (request) => (request === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? source : undefined),
  };
}

/** The Vite plugins that provide both modules. */
export function siteModulePlugins(): Plugin[] {
  return [astroEnvDefaults(), buildDerivedPlugin({})];
}
