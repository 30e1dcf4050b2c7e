// Tells site code what each cached page's key needs from the build (src/lib/content/page-cache-key.ts,
// decision 0050): the folder it writes, whose asset names go into the key, and the values made anew
// at each build, whose scripts are left out.
import { fileURLToPath } from 'node:url';
import { BUILD_OUT_DIR_VARIABLE, BUILD_SALTED_VARIABLE } from '../lib/content/page-cache-key.ts';

/**
 * @param {Array<string | undefined>} salted values made anew at each build that scripts carry
 * @returns {import('astro').AstroIntegration}
 */
export function incrementalPages(salted) {
  return {
    name: 'incremental-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        process.env[BUILD_OUT_DIR_VARIABLE] = fileURLToPath(config.outDir);
        process.env[BUILD_SALTED_VARIABLE] = salted.filter(Boolean).join('\n');
      },
    },
  };
}
