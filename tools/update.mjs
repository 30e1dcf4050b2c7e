// `npm run update`: after `git pull` (or any change of content or code), builds the site into a fresh
// .releases/<id>/ and switches the running `npm start` server to it: the next request gets the new
// build, no restart. A failed build changes nothing live; the message says why (server/releases.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRelease, currentRelease } from '../server/releases.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
try {
  const { dir } = await buildRelease({ root, onOutput: (text) => process.stdout.write(text) });
  console.log(
    `\nBuilt and switched: ${path.relative(root, dir)}/ is live (a running \`npm start\` serves it now).`,
  );
} catch (error) {
  const live = await currentRelease(root);
  console.error(
    `\n${error.message}\nNothing was switched${live ? `: ${path.relative(root, live)}/ stays live` : ''}.`,
  );
  process.exit(1);
}
