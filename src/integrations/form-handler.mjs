// Bundles the form handler (server/form-handler/node.ts, TypeScript that imports the forms' own
// validation rules) into one plain module for `npm start`: .server/<build folder>/forms.mjs beside
// the build, never inside it (dist/ is what the host publishes). Packages stay imports (nodemailer
// is a dependency); the content files are bundled, so the e-mails match the pages of this build.
// Netlify bundles netlify/functions/forms.mts from the same sources on its own.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { formHandlerBundle } from '../../server/forms.mjs';

/** Writes the bundle to `outfile` (the server's own tests bundle it for their small builds too). */
export async function bundleFormHandler(root, outfile) {
  await build({
    entryPoints: [path.join(root, 'server/form-handler/node.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
}

/** @returns {import('astro').AstroIntegration} */
export function formHandler() {
  let root = '';
  return {
    name: 'form-handler',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const outfile = formHandlerBundle(root, fileURLToPath(dir));
        await bundleFormHandler(root, outfile);
        logger.info(`form handler bundled into ${path.relative(root, outfile)}`);
      },
    },
  };
}
