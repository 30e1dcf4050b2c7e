// What the CMS accepts, `npm test` accepts (issue 20): a copy of the project with two more posts, one
// with only the fields the schema and the CMS require and one with pictures as Decap CMS writes them
// (issue 18), passes the content tests and builds, and every page of that build is valid HTML
// (scripts/check-html.mjs). The copy is built once, for all checks: this file costs about a build (a
// minute or two), so it runs in its own project (`npm run test:site`). A post whose picture is missing
// or has no alt text stops the build (`astro sync` is where content is read) naming post and picture.
// The same build is made as of a fixed moment (SITE_BUILD_NOW) with one post due a minute before it
// and one a minute after (issue 30): the scheduled one is in no public place, and its address has no page.
import { spawn } from 'node:child_process';
import { copyFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy, projectRoot } from '../../scripts/project-copy.mjs';
import { htmlErrors, pagesToCheck } from '../../scripts/check-html.mjs';
import { measurementAdminEnv } from '../../scripts/build-env.mjs';

const NEW_POST = 'content/posts/a-post-with-only-the-required-fields.md';
const PICTURE_POST = 'content/posts/a-post-with-pictures.md';
// As Decap CMS's picture button writes them: the media folder's path without './', alt text and title.
const PICTURE_POST_TEXT = `---
title: A post with pictures
excerpt: Pictures uploaded through the CMS, one from the web and a decorative one.
publishedAt: 2026-11-21
---

Words first.

![A photo taken at the park](images/a-test-photo.png "At the park")

More words.

![](images/a-test-photo.png "decorative")

![A picture on the web](https://pictures.example.org/a.png)
`;

// Built as of Monday, December 7, 2026, 7:59 in Toronto (12:59 UTC).
const BUILD_NOW = '2026-12-07T12:59:00Z';
const scheduledPost = (title: string, publishedAt: string) => `---
title: ${title}
excerpt: A post for the scheduling test, tagged so its tag page and count can be checked.
tags: [Scheduling test]
publishedAt: ${publishedAt}
---

Its text.
`;
const DUE = {
  file: 'content/posts/a-post-due-at-7-58.md',
  slug: 'a-post-due-before-the-build',
  title: 'A post due before the build',
};
const SCHEDULED = {
  file: 'content/posts/a-post-scheduled-for-8.md',
  slug: 'a-post-scheduled-after-the-build',
  title: 'A post scheduled after the build',
};

/** Every file of a build, with its path relative to the build. */
async function builtFiles(dist: string): Promise<string[]> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)));
}

/** Runs `node args` in `cwd` and resolves to its exit code and output (the last part of it). */
function run(cwd: string, args: string[], env: Record<string, string>) {
  // Without the test runner's own variables: the child would take them for its own settings.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(VITEST|TEST$|NODE_ENV$)/.test(name)),
  );
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...inherited, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The unit tests that read the files under content/: those an edit in the CMS can make fail. */
async function contentTests(): Promise<string[]> {
  const dir = join(projectRoot, 'tests/unit');
  const files = (await readdir(dir)).filter((file) => file.endsWith('.test.ts')).sort();
  const reading = await Promise.all(
    files.map(async (file) =>
      /content\/(posts|services|team|training|settings)\b/.test(await readFile(join(dir, file), 'utf8')),
    ),
  );
  return files.filter((_file, i) => reading[i]).map((file) => `tests/unit/${file}`);
}

describe('a new post with only the required fields', () => {
  let copy: string;

  beforeAll(async () => {
    copy = await projectCopy('editor-path-');
    await copyFile(join(import.meta.dirname, 'minimal-post.md'), join(copy, NEW_POST));
    await writeFile(join(copy, PICTURE_POST), PICTURE_POST_TEXT);
    // A post without a featured image that opens with a picture: that one is on the first screen.
    await writeFile(
      join(copy, 'content/posts/a-post-that-opens-with-a-picture.md'),
      PICTURE_POST_TEXT.replace(
        'title: A post with pictures',
        'title: A post that opens with a picture',
      ).replace('Words first.\n\n', ''),
    );
    // Due a minute before the build's moment, in the practice's zone; the other with its offset, a minute after.
    await writeFile(join(copy, DUE.file), scheduledPost(DUE.title, '2026-12-07T07:58'));
    await writeFile(
      join(copy, SCHEDULED.file),
      scheduledPost(SCHEDULED.title, "'2026-12-07T08:00:00-05:00'"),
    );
    // A photo-sized PNG (1600 px wide): the build makes its 200 to 1200 px WebP copies.
    await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#7fa7c9' } })
      .png()
      .toFile(join(copy, 'content/posts/images/a-test-photo.png'));
  });
  afterAll(async () => {
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it('passes the content tests', async () => {
    const tests = await contentTests();
    expect(tests).toEqual(
      expect.arrayContaining(['tests/unit/blog-content.test.ts', 'tests/unit/content.test.ts']),
    );
    const { code, output } = await run(
      copy,
      ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', ...tests],
      {},
    );
    expect(code, output).toBe(0);
  });

  it('builds, with a page for the post, and every page is valid HTML', async () => {
    // Under CI=true a build without the admin variables stops (scripts/build-env.mjs): give it an
    // account nobody can sign in with, as `npm run audit` does.
    const { code, output } = await run(copy, ['node_modules/astro/bin/astro.mjs', 'build'], {
      NODE_ENV: 'production',
      SITE_BUILD_NOW: BUILD_NOW,
      ...measurementAdminEnv(process.env),
    });
    expect(code, output).toBe(0);
    const dist = join(copy, 'dist');
    const pages = await pagesToCheck(dist);
    expect(pages).toContain(join(dist, 'blog/a-post-with-only-the-required-fields/index.html'));
    expect(pages.length).toBeGreaterThan(30);
    expect(await htmlErrors(pages, dist)).toEqual([]);

    // The post's pictures: built in the site's four widths with their size, lazy, alt text kept.
    const html = await readFile(join(dist, 'blog/a-post-with-pictures/index.html'), 'utf8');
    const pictures = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
    const photo = pictures.filter((tag) => tag.includes('a-test-photo'));
    expect(photo).toHaveLength(2);
    for (const tag of photo) {
      expect(tag).toMatch(/ src="\/_astro\/a-test-photo\.[\w-]+\.webp"/);
      expect(tag.match(/ \d+w/g)).toEqual([' 200w', ' 400w', ' 800w', ' 1200w']);
      expect(tag).toContain(' width="1200" height="750"');
      expect(tag).toContain(' loading="lazy" decoding="async"');
    }
    expect(photo[0]).toContain(' alt="A photo taken at the park"');
    expect(photo[0]).toContain(' title="At the park"');
    expect(photo[1]).toContain(' alt=""');
    expect(photo[1]).not.toContain('title=');
    expect(pictures).toContainEqual(
      '<img src="https://pictures.example.org/a.png" alt="A picture on the web" loading="lazy">',
    );
    const opening = await readFile(join(dist, 'blog/a-post-that-opens-with-a-picture/index.html'), 'utf8');
    const [first, second] = [...opening.matchAll(/<img\b[^>]*a-test-photo[^>]*>/g)].map(([tag]) => tag);
    expect(first).toContain(' loading="eager"');
    expect(second).toContain(' loading="lazy"');

    // The admin's export writes the repository's address back (src/lib/store/seed.ts, PostSource.pictures).
    const manifest = JSON.parse(await readFile(join(dist, 'blog/manifest.json'), 'utf8')) as {
      posts: { slug: string; source?: { pictures?: Record<string, string> } }[];
    };
    const built = manifest.posts.find((post) => post.slug === 'a-post-with-pictures');
    expect(Object.values(built?.source?.pictures ?? {})).toEqual(['images/a-test-photo.png']);
  });
  it('leaves a scheduled post out of every public place, and records when it is due', async () => {
    const dist = join(copy, 'dist');
    const read = (file: string) => readFile(join(dist, file), 'utf8');
    // The post due a minute before is everywhere a post goes.
    expect(await read(`blog/${DUE.slug}/index.html`)).toContain(DUE.title);
    const home = await read('index.html');
    expect(home).toContain(DUE.title);
    expect(await read('blog/index.html')).toContain(DUE.title);
    expect(await read('blog/tags/scheduling-test/index.html')).toContain(DUE.title);
    // The tag counts one post, the one due: 'Scheduling test (1 post)'.
    expect(await read('blog/tags/index.html')).toContain(
      'Scheduling test<span class="text-ink-muted">(1<span class="sr-only"> post</span>)',
    );
    expect(await read('rss.xml')).toContain(DUE.title);
    expect(await read('blog/posts.json')).toContain(DUE.slug);
    expect(await read('sitemap-0.xml')).toContain(`/blog/${DUE.slug}<`);

    // The one a minute after is in none: no page (its address is a 404), and no file of the build
    // (list pages, home, tag pages and counts, search data, feed, sitemap, JSON-LD, the admin's
    // manifest) names it.
    const files = await builtFiles(dist);
    expect(files.filter((file) => file.includes(SCHEDULED.slug))).toEqual([]);
    const texts = files.filter((file) => /\.(html|xml|json|js|txt|webmanifest)$/.test(file));
    expect(texts.length).toBeGreaterThan(30);
    const naming: string[] = [];
    for (const file of texts) {
      const text = await read(file);
      if (text.includes(SCHEDULED.slug) || text.includes(SCHEDULED.title)) naming.push(file);
    }
    expect(naming).toEqual([]);
    expect(JSON.parse(await read('blog/schedule.json'))).toEqual({
      nextPublishAt: '2026-12-07T13:00:00.000Z',
    });
  });
});

describe('a post whose pictures the blog cannot show', () => {
  let copy: string;
  afterAll(async () => {
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it('stops the build, naming the post and each picture', async () => {
    copy = await projectCopy('post-pictures-');
    await writeFile(
      join(copy, 'content/posts/broken-pictures.md'),
      PICTURE_POST_TEXT.replace('(images/a-test-photo.png "At the park")', '(./images/missing.jpg)').replace(
        '![A picture on the web]',
        '![]',
      ),
    );
    const { code, output } = await run(copy, ['node_modules/astro/bin/astro.mjs', 'sync'], {});
    expect(code, output).not.toBe(0);
    const message = output.replace(/\s+/g, ' ');
    expect(message).toContain('content/posts/broken-pictures.md');
    expect(message).toContain(
      'the picture "./images/missing.jpg": there is no file missing.jpg in content/posts/images',
    );
    expect(message).toContain('the picture "https://pictures.example.org/a.png": it has no alt text');
  });
});
