// `DECAP_SERVER_PORT=… npm run cms -- --backend-only` is the backend of "Publish to website" in an
// admin served by `npm start` here; but the admin's address of decap-server is fixed when that site
// was built. Started on another port than the default, it must say that `npm start` needs the same
// setting at its build: one built without it publishes to port 8081, where another project's
// decap-server may be writing another working copy.
import { expect, it } from 'vitest';
import { childEnv, freePort, startNode } from '../process';

it(
  'npm run cms -- --backend-only on another port names the build setting the admin needs',
  { timeout: 30_000 },
  async () => {
    const port = await freePort();
    const started = startNode(['tools/cms.mjs', '--backend-only'], {
      cwd: process.cwd(),
      env: childEnv({ DECAP_SERVER_PORT: String(port) }),
    });
    try {
      await started.printed('Ctrl-C stops it.');
      expect(started.output()).toContain(
        `decap-server (the local backend) on 127.0.0.1:${port}: "Publish to website" in an admin opened on localhost, ` +
          `and /cms/ of \`npm start\`, write this working copy, when that \`npm start\` was built with ` +
          `DECAP_SERVER_PORT=${port} too (without it, its admin publishes to port 8081). Ctrl-C stops it.`,
      );
    } finally {
      await started.stop();
    }
  },
);
