// The HTML pipeline shares a large build's pages between the build's thread and worker threads
// (src/integrations/html/pipeline.mjs, issue 33): every page is finished once, exactly as in one
// thread, and a problem found in a worker still fails the build.
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  PAGES_FOR_A_WORKER,
  htmlPipeline,
  pipelineThreads,
  shares,
} from '../../src/integrations/html/pipeline.mjs';
import { temporaryDirectory } from '../helpers';
import { scriptStarter } from '../../src/integrations/html/script-priority-step.mjs';

const POLICY = "default-src 'self'; script-src 'self'; style-src 'self'";
const page = (text: string, script = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="${POLICY}"><title>t</title>${script}</head><body><main><p>${text}</p></main><script type="module" src="/_astro/a.js"></script></body></html>`;

/** A project folder with admin/config.yml and `count` built pages; runs the integration over them. */
async function runPipeline(
  count: number,
  pageText: (index: number) => string = (index) => page(`page ${index}`),
) {
  const root = temporaryDirectory('pipeline-threads-');
  mkdirSync(join(root, 'admin'));
  cpSync('admin/config.yml', join(root, 'admin/config.yml'));
  const out = join(root, 'dist');
  // The script every page names: the pipeline stops a build whose pages name a file it lacks.
  mkdirSync(join(out, '_astro'), { recursive: true });
  writeFileSync(join(out, '_astro', 'a.js'), '');
  for (let index = 0; index < count; index++) {
    mkdirSync(join(out, `p${index}`), { recursive: true });
    writeFileSync(join(out, `p${index}`, 'index.html'), pageText(index));
  }
  const messages: string[] = [];
  const logger = { info: (m: string) => messages.push(m), warn: (m: string) => messages.push(`warn: ${m}`) };
  const integration = htmlPipeline({ siteUrl: 'https://www.example.org' });
  const hooks = integration.hooks as Record<string, (options: unknown) => Promise<void> | void>;
  await hooks['astro:config:done']!({
    config: { root: pathToFileURL(`${root}/`), cacheDir: pathToFileURL(join(root, 'cache/')) },
  });
  const done = Promise.resolve(hooks['astro:build:done']!({ dir: pathToFileURL(`${out}/`), logger }));
  return { root, out, messages, done };
}

const read = (out: string, index: number) => readFileSync(join(out, `p${index}`, 'index.html'), 'utf8');

// Each worker thread loads the pipeline's modules afresh: a second or two each on a busy 2-core
// machine, where the default 5 s cap was passed (5.8 s). A timeout is no wait, only a cap.
describe('the HTML pipeline in threads', { timeout: 30_000 }, () => {
  it('stays in one thread for a small site, and uses up to four for a large one', () => {
    expect(pipelineThreads(PAGES_FOR_A_WORKER - 1, 2)).toBe(1);
    expect(pipelineThreads(PAGES_FOR_A_WORKER, 2)).toBe(2);
    expect(pipelineThreads(5000, 1)).toBe(1);
    expect(pipelineThreads(5000, 16)).toBe(4);
  });

  it('deals every file to exactly one share', () => {
    const files = Array.from({ length: 11 }, (_, index) => `f${index}`);
    const dealt = shares(files, 3);
    expect(dealt.map((share) => share.length)).toEqual([4, 4, 3]);
    expect(dealt.flat().sort()).toEqual([...files].sort());
  });

  it('finishes every page of a large build once, as one thread does, and keeps each in the cache', async () => {
    const count = PAGES_FOR_A_WORKER + 10;
    const large = await runPipeline(count);
    await large.done;
    const single = await runPipeline(1, () => page('page 0'));
    await single.done;
    expect(large.messages.join('\n')).toMatch(
      new RegExp(
        `${count} pages through \\d+ steps: bundled scripts started after the largest paint \\(fetchpriority="low" where kept\\) in ${count}`,
      ),
    );
    // Workers on any machine with two cores or more (this one has two).
    const threads = pipelineThreads(count);
    expect(large.messages.join('\n')).toContain(`; ${threads} thread${threads === 1 ? '' : 's'}; `);
    expect(read(large.out, 0)).toBe(read(single.out, 0));
    for (let index = 0; index < count; index++) {
      const html = read(large.out, index);
      // A public page: its bundled script is started after the largest paint, by one inline script.
      expect(html.split(scriptStarter(['/_astro/a.js']))).toHaveLength(2);
      expect(html).not.toContain('<script type="module"');
    }
    expect(readdirSync(join(large.root, 'cache/html-pipeline'))).toHaveLength(count);
  });

  it('fails the build on the problems found in every thread', async () => {
    const count = PAGES_FOR_A_WORKER + 10;
    // An inline event handler is refused by the CSP steps: on every page, so in every share.
    const { done } = await runPipeline(count, (index) =>
      page(`page ${index}`).replace('<p>', '<p onclick="alert(1)">'),
    );
    const error = await done.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/^Content-Security-Policy problems/);
    for (let index = 0; index < count; index++) expect(message).toContain(`p${index}/index.html`);
  });
});
