// `npm run audit`'s build: `astro build` as `npm start` builds it (see PRECOMPRESS below), except that under CI=true (or
// another sign of a production build) without the admin variables it brings an account nobody can
// sign in with, since such a build refuses the development account (tools/build-env.mjs). With
// PRECOMPRESS=1, as `npm start` builds (server/releases.mjs): the audit measures the brotli copies
// `npm start` sends. Without them the server compressed each page as it went, with gzip at its quick
// setting, and the home page's HTML passed the first round trip (14.3 KB against 12 KB).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { astroBuildEnv } from './astro-build.mjs';
import { measurementAdminEnv } from './build-env.mjs';

const astro = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url));
const { status } = spawnSync(process.execPath, [astro, 'build'], {
  stdio: 'inherit',
  env: astroBuildEnv({ ...process.env, ...measurementAdminEnv(process.env), PRECOMPRESS: '1' }),
});
process.exit(status ?? 1);
