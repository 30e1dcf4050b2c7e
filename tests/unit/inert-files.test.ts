// Every file the site serves that is not a page is inert (src/integrations/inert-files.mjs): the
// blocks the build appends to dist/_headers, what each host makes of them, and `npm start` (the
// real server/serve.mjs, its own process, on a small build).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor, parseHeaders } from '../../server/host-rules.mjs';
import { INERT_FILE_POLICY, inertFileBlocks } from '../../src/integrations/inert-files.mjs';
import { headerPolicy, renderHeaders } from '../../src/integrations/security.mjs';
import { childEnv, freePort, type Started, startNode } from '../process';

const env = {
  contactEndpoint: 'https://forms.example.test/f/contact',
  registrationEndpoint: 'https://forms.example.test/f/registration',
  confirmationEndpoint: 'https://mail.example.test/confirm',
};

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );

/** A build's top level as the site has it: pages, folders of pages, assets, the service worker. */
async function smallDist(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'inert-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Home</title><p>Home</p>',
    '404.html': '<!doctype html><title>Not found</title>',
    'blog/index.html': '<!doctype html><title>Blog</title>',
    'blog/a-post/index.html': '<!doctype html><title>A post</title>',
    'blog/stray.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '_astro/chart.Ab12.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '_astro/page.Cd34.js': 'console.log(1)',
    'icons/icon-192.png': 'png',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'manifest.webmanifest': '{}',
    'rss.xml': '<rss/>',
    'sw.js': 'self.addEventListener("fetch", () => {})',
    _redirects: '',
    '.form-routes.json': '{}',
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, name)), { recursive: true });
    await writeFile(path.join(dist, name), text);
  }
  return dist;
}

describe("the build's _headers blocks", () => {
  let dist: string;
  beforeAll(async () => {
    dist = await smallDist();
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('list every folder without pages and every top-level file but pages, the service worker and the host files', async () => {
    const blocks = parseHeaders(await inertFileBlocks(dist));
    expect(blocks.map((block) => block.pattern)).toEqual([
      '/_astro/*',
      '/favicon.svg',
      '/icons/*',
      '/manifest.webmanifest',
      '/rss.xml',
    ]);
    for (const block of blocks)
      expect(block.headers).toEqual([['Content-Security-Policy', INERT_FILE_POLICY]]);
  });

  it('give files that are not pages a policy at least as strict as the site-wide one, whichever way a host combines them', async () => {
    const template = await readFile('public/_headers', 'utf8');
    const written = renderHeaders(template, headerPolicy(env)) + (await inertFileBlocks(dist));
    const blocks = parseHeaders(written);
    // npm start and Netlify: the later block wins.
    expect(headersFor(blocks, '/_astro/chart.Ab12.svg').get('Content-Security-Policy')).toBe(
      INERT_FILE_POLICY,
    );
    expect(headersFor(blocks, '/favicon.svg').get('Content-Security-Policy')).toBe(INERT_FILE_POLICY);
    // Pages and the service worker keep the site's policy.
    for (const page of ['/', '/blog/a-post', '/admin/posts', '/cms/', '/sw.js']) {
      expect(headersFor(blocks, page).get('Content-Security-Policy'), page).toBe(headerPolicy(env));
    }
    // Cloudflare Pages: both policies apply; the inert one already holds each directive of the
    // site-wide one, as 'none' (or the same value), so it alone gives the same result.
    const inert = directives(INERT_FILE_POLICY);
    for (const [name, values] of directives(headerPolicy(env))) {
      expect([["'none'"], values], name).toContainEqual(inert.get(name));
    }
    expect(inert.get('sandbox')).toEqual([]);
    expect(inert.get('default-src')).toEqual(["'none'"]);
    expect(inert.has('script-src')).toBe(false);
  });
});

/**
 * `npm start`'s server on a small build whose _headers is the template's, plus `extra` blocks; the
 * describe's hooks start it and stop it. `origin` is read once it has started.
 */
function servedBuild(extra: (dist: string) => Promise<string> = async () => '') {
  const served = { origin: '' };
  let dist: string;
  let child: Started;
  beforeAll(async () => {
    dist = await smallDist();
    await writeFile(
      path.join(dist, '_headers'),
      renderHeaders(await readFile('public/_headers', 'utf8'), headerPolicy(env)) + (await extra(dist)),
    );
    const port = await freePort();
    served.origin = `http://127.0.0.1:${port}`;
    child = startNode(['server/serve.mjs', dist], {
      cwd: process.cwd(),
      env: childEnv({ PORT: String(port), HOST: '127.0.0.1' }),
    });
    await child.printed('Serving');
  });
  afterAll(async () => {
    await child?.stop();
    await rm(dist, { recursive: true, force: true });
  });
  return served;
}

describe('npm start', () => {
  // The template's headers only: the server's own rule must hold without the build's blocks.
  const served = servedBuild();

  const policyOf = async (url: string) => {
    const response = await fetch(`${served.origin}${url}`, { headers: { 'Accept-Encoding': 'identity' } });
    await response.arrayBuffer();
    expect(response.status, url).toBe(200);
    return response.headers.get('content-security-policy');
  };

  it('sends every file that is not a page with the inert policy, wherever it is', async () => {
    for (const url of [
      '/_astro/chart.Ab12.svg',
      '/_astro/page.Cd34.js',
      '/blog/stray.svg',
      '/favicon.svg',
      '/icons/icon-192.png',
      '/manifest.webmanifest',
      '/rss.xml',
    ]) {
      expect(await policyOf(url), url).toBe(INERT_FILE_POLICY);
    }
  });

  it("keeps the site's policy on pages and on the service worker", async () => {
    for (const url of ['/', '/blog', '/blog/', '/blog/a-post', '/index.html', '/sw.js']) {
      expect(await policyOf(url), url).toBe(headerPolicy(env));
    }
  });
});

// The build's blocks cover whole folders (`/_astro/*`, `/icons/*`), so an unknown address there
// matched the inert policy too, and the 404 page was shown sandboxed, without its style sheet.
describe("npm start with the build's blocks, at an unknown address", () => {
  const served = servedBuild(inertFileBlocks);

  it('sends the 404 page with the policy and headers of a page, wherever the address is', async () => {
    for (const url of ['/_astro/gone.Ef56.js', '/icons/gone.png', '/blog/gone', '/gone']) {
      const response = await fetch(`${served.origin}${url}`, { headers: { 'Accept-Encoding': 'identity' } });
      expect(await response.text(), url).toContain('Not found');
      expect(response.status, url).toBe(404);
      expect(response.headers.get('content-security-policy'), url).toBe(headerPolicy(env));
      expect(response.headers.get('cache-control'), url).toBe('no-store');
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
    }
    // The files that are there keep theirs.
    const file = await fetch(`${served.origin}/_astro/page.Cd34.js`);
    await file.arrayBuffer();
    expect(file.headers.get('content-security-policy')).toBe(INERT_FILE_POLICY);
  });
});
