// The HTML check of `npm test` (tools/check-html.mjs): every page of the run's one build
// (tools/test-build.mjs, made by the site project's global setup) is valid HTML; and, on pages
// made for it, it reports what it is there to catch, such as the module script once written after
// </html> on /login and /offline.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlErrors, pagesToCheck } from '../../tools/check-html.mjs';
import { testBuildPath } from '../../tools/test-build.mjs';

const page = (body: string, after = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page</title></head><body>${body}</body></html>${after}`;

describe('the HTML check', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'check-html-'));
    await mkdir(join(dir, 'login'));
    await mkdir(join(dir, 'cms'));
    await writeFile(join(dir, 'index.html'), page('<main><h1>Fine</h1></main>'));
    // The first screen's rules (decision 0034): what the checker's CSS part does not know yet passes,
    // a property that does not exist does not.
    await mkdir(join(dir, 'styled'));
    await writeFile(
      join(dir, 'styled/index.html'),
      page('<main><h1>Styled</h1></main>').replace(
        '</head>',
        '<style>@property --tw-x{syntax:"*";inherits:false}.a{container-type:inline-size}' +
          '@container (width>=40rem){.b{color:red}}.c{colr:red}</style></head>',
      ),
    );
    await writeFile(
      join(dir, 'login/index.html'),
      page('<main><h1>Sign in</h1></main>', '<script type="module" src="/_astro/a.js"></script>'),
    );
    // Decap draws the CMS page; the check leaves it out.
    await writeFile(join(dir, 'cms/index.html'), page('<p><div>Decap</div></p>'));
    await writeFile(join(dir, 'robots.txt'), 'User-agent: *\n');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('checks every built page but the CMS', async () => {
    expect(await pagesToCheck(dir)).toEqual([
      join(dir, 'index.html'),
      join(dir, 'login/index.html'),
      join(dir, 'styled/index.html'),
    ]);
  });

  it('reports a script after </html>, naming the page, and nothing in a valid page', async () => {
    const errors = await htmlErrors(await pagesToCheck(dir), dir);
    expect(errors[0]).toMatch(/^login\/index\.html:1: Stray start tag “script”/);
    expect(errors.filter((error) => error.startsWith('styled/'))).toEqual([
      expect.stringMatching(/^styled\/index\.html:1: CSS: “colr”: Property “colr” doesn't exist/),
    ]);
    expect(errors.filter((error) => !/^(login|styled)\//.test(error))).toEqual([]);
  });
});

describe("the run's build", () => {
  it('is valid HTML on every page but the CMS', async () => {
    const pages = await pagesToCheck(testBuildPath);
    expect(pages).toContain(
      join(testBuildPath, 'blog/visual-schedules-a-practical-guide-for-families/index.html'),
    );
    expect(pages.length).toBeGreaterThan(30);
    expect(await htmlErrors(pages, testBuildPath)).toEqual([]);
  });
});
