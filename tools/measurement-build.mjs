// `npm run audit`'s build: `astro build` as `npm run build` runs it, except that under CI=true (or
// another sign of a production build) without the admin variables it brings an account nobody can
// sign in with, since such a build refuses the development account (tools/build-env.mjs).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { measurementAdminEnv } from './build-env.mjs';

const astro = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url));
const { status } = spawnSync(process.execPath, [astro, 'build'], {
  stdio: 'inherit',
  env: { ...process.env, ...measurementAdminEnv(process.env) },
});
process.exit(status ?? 1);
