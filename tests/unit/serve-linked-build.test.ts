// The real `npm start` server (server/serve.mjs, its own process) serving a build through a symbolic
// link, as `DIST_DIR=.releases/current npm run serve` does, with SMTP set: it finds the form handler
// the build bundled for the folder the link points to (.server/<that folder>/forms.mjs), not for the
// link's own name, which no build ever writes.
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formHandlerBundle } from '../../server/forms.mjs';
import { bundleFormHandler } from '../../src/integrations/form-handler.mjs';
import { smallBuild, startServer, type Started } from './serve-helpers';

const root = path.resolve(import.meta.dirname, '../..');
let build: string;
let links: string;
let server: Started | undefined;

beforeAll(async () => {
  build = await smallBuild({ '.form-routes.json': JSON.stringify({ '/api/forms/contact': 'contact' }) });
  await bundleFormHandler(root, formHandlerBundle(root, build));
  links = await mkdtemp(path.join(tmpdir(), 'serve-link-'));
  await symlink(build, path.join(links, 'current'));
}, 30_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await rm(build, { recursive: true, force: true });
  await rm(links, { recursive: true, force: true });
  await rm(path.dirname(formHandlerBundle(root, build)), { recursive: true, force: true });
});

describe('a build served through a link, with SMTP set', { timeout: 30_000 }, () => {
  it("starts the form handler bundled for the link's target", async () => {
    // Nothing listens there: the handler starts and warns; no request here sends mail.
    server = await startServer(path.join(links, 'current'), {
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'site@practice.example',
      PRACTICE_INBOX: 'inbox@practice.example',
    });
    await expect.poll(() => server!.output()).toContain('Form handler active for: contact');
  });
});
