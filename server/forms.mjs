// Chooses what answers the forms' same-origin routes in `npm start`: the form handler (e-mail over
// SMTP) when an SMTP variable is set, otherwise nothing (serve.mjs then keeps the development
// collector). The handler is the bundle the build made (src/integrations/form-handler.mjs).
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { smtpConfigured } from '../src/lib/config/shared.mjs';

/** Where the build in `outDir` leaves its bundle of the handler (src/integrations/form-handler.mjs). */
export function formHandlerBundle(root, outDir) {
  return path.join(root, '.server', path.basename(outDir), 'forms.mjs');
}

/**
 * @param {{ root: string, dist: string, routes: Record<string, string>, env?: Record<string, string | undefined> }} options
 * @returns {Promise<((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>) | undefined>}
 */
export async function loadFormHandler({ root, dist, routes, env = process.env }) {
  if (!smtpConfigured(env) || Object.keys(routes).length === 0) return undefined;
  // The folder itself, not a link's name (`DIST_DIR=.releases/current`): the build named the bundle
  // after the folder it wrote.
  const bundle = formHandlerBundle(root, realpathSync(dist));
  if (!existsSync(bundle)) {
    throw new Error(
      `SMTP is configured but ${path.relative(root, bundle)} is missing: run \`npm run build\` first.`,
    );
  }
  // A path known only at run time: Vite, which reads this file through the build's config, is told
  // to leave the import alone (it warned on every build).
  const { createNodeFormHandler } = await import(/* @vite-ignore */ pathToFileURL(bundle).href);
  try {
    return createNodeFormHandler({ routes, env });
  } catch (error) {
    // A half-done mail configuration: say which variable, without a stack trace, and stop.
    console.error(`Form handler not started: ${error.message} (docs/configuration.md, "Server start time").`);
    process.exit(1);
  }
}
