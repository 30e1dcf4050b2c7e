// A copy of the project with other content than the repository's, served by `npm start`'s server
// (`node server/serve.mjs --build`) as an editor and an update change it. Its first build is checked
// for what the CMS may save (issue 20), then the copy is updated while it serves (issue 36): one
// copy, four builds and a failed one (a few minutes), so in `npm run test:site`. Every page of the
// run's own build is checked by the HTML checker in check-html.test.ts; here, the pages that the
// copy's extra posts add or change.
//
// What the CMS accepts, `npm test` accepts: two more posts, one with only the fields the schema and
// the CMS require and one with pictures as Decap CMS writes them (issue 18), pass the content tests
// and build, and their pages are valid HTML (tools/check-html.mjs). A post whose picture is
// missing or has no alt text stops the build (`astro sync` is where content is read) naming post
// and picture.
//
// Never down for an update (issue 36): `npm run update` with one more post while requests keep
// arriving. Every request is answered (no 5xx, no refused connection), the server process is the
// same one throughout, and the new post is served as soon as the update ends. A build that fails
// changes nothing live and says why.
//
// Scheduled posts (issue 30): a post dated years ahead is in no public place of any build, and its
// address has no page; a post due just after the moment `npm run update`'s build takes as now
// (SITE_BUILD_NOW) is left out of that build and served from its time on, by the server's own
// rebuild, without a restart. The timer waiting for a moment ahead is tested with a controlled clock
// in tests/unit/schedule.test.ts; here the post is due by the time the update is live, so the
// server's timer rebuilds at once rather than the test waiting minutes of wall-clock time, and the
// update's build serves both this test and the one before (issue 29: one build fewer).
import { copyFile, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurementAdminEnv } from '../../tools/build-env.mjs';
import { htmlErrors } from '../../tools/check-html.mjs';
import { projectCopy, projectRoot } from '../../tools/project-copy.mjs';
import { childEnv, freePort, runNode, type Started, startNode } from '../process';

const MINIMAL_POST = 'content/posts/a-post-with-only-the-required-fields.md';
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

const NEW_POST = 'content/posts/a-post-published-while-serving.md';
const NEW_POST_TEXT = `---
title: A post published while serving
excerpt: Written while the site was serving, live after npm run update without a restart.
publishedAt: 2026-11-22
---

Live without a restart.
`;
const NEW_PATH = '/blog/a-post-published-while-serving';

const scheduledPost = (title: string, publishedAt: string) => `---
title: ${title}
excerpt: A post for the scheduling test, tagged so its tag page and count can be checked.
tags: [Scheduling test]
publishedAt: ${publishedAt}
---

Its text.
`;
const DUE = {
  file: 'content/posts/a-post-already-due.md',
  slug: 'a-post-already-due',
  title: 'A post already due',
};
const SOON = {
  file: 'content/posts/a-post-scheduled-a-second-ahead.md',
  slug: 'a-post-scheduled-a-second-ahead',
  title: 'A post scheduled a second ahead',
};
const SCHEDULED = {
  file: 'content/posts/a-post-scheduled-for-2030.md',
  slug: 'a-post-scheduled-for-2030',
  title: 'A post scheduled for 2030',
  // Monday, January 7, 2030, 8:00 in Toronto, written with its offset.
  publishedAt: "'2030-01-07T08:00:00-05:00'",
  due: '2030-01-07T13:00:00.000Z',
};

// Thirteen older posts with one tag: its page and the blog's are split into pages of twelve.
const PAGING_POSTS = Array.from(
  { length: 13 },
  (_, n) => `a-paging-test-post-${String(n + 1).padStart(2, '0')}`,
);
const pagingPost = (n: number) => `---
title: A paging test post ${String(n + 1).padStart(2, '0')}
excerpt: One of thirteen posts with the same tag, more than one page holds.
tags: [Paging test]
publishedAt: 2020-01-${String(28 - n).padStart(2, '0')}
---

Its text.
`;

/** `now + ms`, to the second, written as an editor would: the wall-clock time in Toronto and its offset. */
function torontoTime(now: number, ms: number) {
  const moment = new Date(Math.ceil((now + ms) / 1000) * 1000);
  const offset =
    new Date(moment.toLocaleString('en-US', { timeZone: 'America/Toronto' })).getTime() -
    new Date(moment.toLocaleString('en-US', { timeZone: 'UTC' })).getTime();
  const wall = new Date(moment.getTime() + offset).toISOString().slice(0, 19);
  const minutes = Math.round(offset / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const mm = String(Math.abs(minutes) % 60).padStart(2, '0');
  return { moment, text: `${wall}${sign}${hh}:${mm}` };
}

/** Every file of a build, with its path relative to the build. */
async function builtFiles(dist: string): Promise<string[]> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)));
}

// Without the test runner's own variables (tools/test-build.mjs, childEnv); under CI=true a build
// without the admin variables stops (tools/build-env.mjs): an account nobody can sign in with, as
// `npm run audit` gives.
const env = childEnv(measurementAdminEnv(process.env));
const run = (cwd: string, args: string[]) => runNode(args, { cwd, env });

let copy: string;
let server: Started;
let base: string;
/** The scheduled post of the update test: its moment, and the server's output before the update. */
let soon: ReturnType<typeof torontoTime>;
let outputBeforeUpdate = 0;

beforeAll(async () => {
  copy = await projectCopy('project-copy-', undefined, { buildCaches: true });
  await copyFile(join(import.meta.dirname, 'minimal-post.md'), join(copy, MINIMAL_POST));
  await writeFile(join(copy, PICTURE_POST), PICTURE_POST_TEXT);
  // A post without a featured image that opens with a picture: that one is on the first screen.
  await writeFile(
    join(copy, 'content/posts/a-post-that-opens-with-a-picture.md'),
    PICTURE_POST_TEXT.replace(
      'title: A post with pictures',
      'title: A post that opens with a picture',
    ).replace('Words first.\n\n', ''),
  );
  await writeFile(join(copy, DUE.file), scheduledPost(DUE.title, '2026-11-20'));
  for (const [n, post] of PAGING_POSTS.entries())
    await writeFile(join(copy, `content/posts/${post}.md`), pagingPost(n));
  await writeFile(join(copy, SCHEDULED.file), scheduledPost(SCHEDULED.title, SCHEDULED.publishedAt));
  // A photo-sized PNG (1600 px wide): the build makes its 200 to 1200 px WebP copies.
  await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#7fa7c9' } })
    .png()
    .toFile(join(copy, 'content/posts/images/a-test-photo.png'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startNode(['server/serve.mjs', '--build'], {
    cwd: copy,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  await server.printed('Serving .releases/');
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (copy) await rm(copy, { recursive: true, force: true });
});

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

interface Answer {
  path: string;
  status: number;
  error?: string;
  /** When the request was sent and when its answer had arrived (performance.now()). */
  sent: number;
  received: number;
}

/** Requests `paths` in turn, `workers` at a time, until `stop` resolves; every answer recorded. */
function keepRequesting(paths: string[], workers: number, stop: Promise<unknown>) {
  const answers: Answer[] = [];
  let stopped = false;
  void stop.finally(() => (stopped = true));
  const worker = async (offset: number) => {
    for (let i = offset; !stopped; i += 1) {
      const path = paths[i % paths.length]!;
      const sent = performance.now();
      try {
        const response = await fetch(base + path, { headers: { 'Accept-Encoding': 'br, gzip' } });
        await response.arrayBuffer();
        answers.push({ path, status: response.status, sent, received: performance.now() });
      } catch (error) {
        const cause = String((error as Error).cause ?? error);
        answers.push({ path, status: 0, error: cause, sent, received: performance.now() });
      }
    }
  };
  return Promise.all(Array.from({ length: workers }, (_, n) => worker(n))).then(() => answers);
}

describe('a new post with only the required fields', () => {
  it('passes the content tests', async () => {
    const tests = await contentTests();
    expect(tests).toEqual(
      expect.arrayContaining(['tests/unit/blog-content.test.ts', 'tests/unit/content.test.ts']),
    );
    // Both unit projects: blog-content.test.ts uses vi.mock, so `unit-mocking` runs it, and a file
    // no named project includes is skipped without a word.
    const { code, output } = await run(copy, [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'unit',
      '--project',
      'unit-mocking',
      ...tests,
    ]);
    expect(code, output).toBe(0);
    for (const file of tests) expect(output, `${file} ran`).toContain(file);
  });

  it('builds, with a page for the post, and the pages it adds or changes are valid HTML', async () => {
    // The copy's first release, which `--build` made before serving.
    const dist = join(copy, '.releases', await readlink(join(copy, '.releases/current')));
    const pages = [
      'index.html',
      'blog/index.html',
      'blog/a-post-with-only-the-required-fields/index.html',
      'blog/a-post-with-pictures/index.html',
      'blog/a-post-that-opens-with-a-picture/index.html',
    ].map((page) => join(dist, page));
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

  it("splits a tag's posts and the blog's into pages of twelve, linked both ways, valid HTML; the feed has the newest twenty", async () => {
    const dist = join(copy, '.releases', await readlink(join(copy, '.releases/current')));
    const read = (file: string) => readFile(join(dist, file), 'utf8');
    const linked = (html: string) =>
      [...html.matchAll(/href="\/blog\/(a-paging-test-post-\d+)"/g)].map(([, slug]) => slug);
    // Newest first: the thirteen posts are dated one day apart, the first written the newest.
    const first = await read('blog/tags/paging-test/index.html');
    expect(linked(first)).toEqual(PAGING_POSTS.slice(0, 12));
    expect(first).toContain('13 posts');
    expect(first).toContain('Page 1 of 2');
    expect(first).toContain('<title>Posts tagged Paging test');
    expect(first).toMatch(/<a href="\/blog\/tags\/paging-test\/page\/2" rel="next"[^>]*>Older posts<\/a>/);
    const second = await read('blog/tags/paging-test/page/2/index.html');
    expect(linked(second)).toEqual(PAGING_POSTS.slice(12));
    expect(second).toContain('Page 2 of 2');
    expect(second).toContain('<title>Posts tagged Paging test, page 2');
    expect(second).toMatch(/<a href="\/blog\/tags\/paging-test" rel="prev"[^>]*>Newer posts<\/a>/);
    expect(second).not.toContain('rel="next"');
    // The repository's 8 published posts, the 4 the copy adds before and these 13: three pages of the blog.
    expect(await read('blog/page/3/index.html')).toContain('Page 3 of 3');
    // The feed: the twenty newest of the 25, so the oldest five paging posts are left out.
    const feed = await read('rss.xml');
    expect(feed.match(/<item>/g)).toHaveLength(20);
    expect(feed).toContain(`/blog/${PAGING_POSTS[7]}</link>`);
    expect(feed).not.toContain(`/blog/${PAGING_POSTS[8]}</link>`);
    const sitemap = await read('sitemap-0.xml');
    for (const path of ['/blog/tags/paging-test/page/2<', '/blog/page/3<']) expect(sitemap).toContain(path);
    expect((await fetch(`${base}/blog/tags/paging-test/page/2`)).status).toBe(200);
    for (const path of ['/blog/tags/paging-test/page/3', '/blog/tags/home/page/2'])
      expect((await fetch(base + path)).status, path).toBe(404);
    // No page 1 of its own: that address leads to the tag's page (public/_redirects).
    const pageOne = await fetch(`${base}/blog/tags/paging-test/page/1`, { redirect: 'manual' });
    expect([pageOne.status, pageOne.headers.get('location')]).toEqual([301, '/blog/tags/paging-test']);
    const pages = [
      'blog/tags/paging-test/index.html',
      'blog/tags/paging-test/page/2/index.html',
      'blog/page/2/index.html',
    ].map((page) => join(dist, page));
    expect(await htmlErrors(pages, dist)).toEqual([]);
  });

  it('leaves a scheduled post out of every public place, and records when it is due', async () => {
    const dist = join(copy, '.releases', await readlink(join(copy, '.releases/current')));
    const read = (file: string) => readFile(join(dist, file), 'utf8');
    // The post already due is everywhere a post goes.
    expect(await read(`blog/${DUE.slug}/index.html`)).toContain(DUE.title);
    expect(await read('index.html')).toContain(DUE.title);
    expect(await read('blog/index.html')).toContain(DUE.title);
    expect(await read('blog/tags/scheduling-test/index.html')).toContain(DUE.title);
    // The tag counts one post, the one due: 'Scheduling test (1 post)'.
    expect(await read('blog/tags/index.html')).toContain(
      'Scheduling test<span class="text-ink-muted">(1<span class="sr-only"> post</span>)',
    );
    expect(await read('rss.xml')).toContain(DUE.title);
    expect(await read('blog/posts.json')).toContain(DUE.slug);
    expect(await read('sitemap-0.xml')).toContain(`/blog/${DUE.slug}<`);

    // The scheduled one is in none: no page (its address is a 404), and no file of the build (list
    // pages, home, tag pages and counts, search data, feed, sitemap, JSON-LD, the admin's manifest)
    // names it.
    expect((await fetch(`${base}/blog/${SCHEDULED.slug}`)).status).toBe(404);
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
    expect(JSON.parse(await read('blog/schedule.json'))).toEqual({ nextPublishAt: SCHEDULED.due });
  });
});

describe('npm run update while the site is serving', () => {
  it('answers every request during the rebuild and serves the new post right after, without a restart', async () => {
    const firstRelease = await readlink(join(copy, '.releases/current'));
    const pid = server.child.pid;
    expect((await fetch(base + NEW_PATH)).status).toBe(404);

    await writeFile(join(copy, NEW_POST), NEW_POST_TEXT);
    // The next test's post, due a second after the moment this build takes as its now.
    const buildNow = Date.now();
    soon = torontoTime(buildNow, 1000);
    await writeFile(join(copy, SOON.file), scheduledPost(SOON.title, `'${soon.text}'`));
    outputBeforeUpdate = server.output().length;
    const update = runNode(['tools/update.mjs'], {
      cwd: copy,
      env: { ...env, SITE_BUILD_NOW: new Date(buildNow).toISOString() },
    });
    const paths = ['/', '/blog', '/training', '/rss.xml', '/no-such-page', '/admin/posts/7/edit', NEW_PATH];
    const answers = await keepRequesting(paths, 4, update);
    const { code, output } = await update;
    expect(code, output).toBe(0);

    // The switch is complete when the update ends: the next request gets the new post.
    const after = await fetch(base + NEW_PATH);
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('A post published while serving');

    const slowest = Math.max(...answers.map((answer) => answer.received - answer.sent));
    console.info(`${answers.length} requests during the update; slowest answer ${Math.round(slowest)} ms`);
    expect(answers.length).toBeGreaterThan(50);
    expect(answers.filter((answer) => answer.status === 0 || answer.status >= 500)).toEqual([]);
    for (const answer of answers) {
      const expected =
        answer.path === '/no-such-page' ? [404] : answer.path === NEW_PATH ? [200, 404] : [200];
      expect(expected, `${answer.path}: ${answer.status}`).toContain(answer.status);
    }
    // Once the new post had answered 200, every request sent after that got it too: no going back.
    const newPost = answers.filter((answer) => answer.path === NEW_PATH);
    const firstFound = Math.min(...newPost.filter((a) => a.status === 200).map((a) => a.received));
    expect(newPost.filter((a) => a.sent > firstFound && a.status !== 200)).toEqual([]);

    expect(server.exited()).toBe(false);
    expect(server.child.pid).toBe(pid);
    const newRelease = await readlink(join(copy, '.releases/current'));
    expect(newRelease).not.toBe(firstRelease);
    // The two builds differ by a post: their workers differ, so pages opened on the first are asked
    // to reload (a build of the same content makes the same worker, and asks nobody).
    const worker = (release: string) => readFile(join(copy, '.releases', release, 'sw.js'), 'utf8');
    expect(await worker(newRelease)).not.toBe(await worker(firstRelease));
    expect(server.output()).toContain('Now serving .releases/');
    expect(server.output()).not.toMatch(/Error|ENOENT/);
  });

  it('left out the post due a second after that build began, and the server rebuilds for it at once, without a restart', async () => {
    const path = `/blog/${SOON.slug}`;
    const pid = server.child.pid;
    const moment = soon.moment.toISOString();
    // The first request after the switch had the server read the new build's next time, already
    // past: it rebuilds at once (a build takes many seconds), and until then serves the update's.
    await server.printed(
      `Next scheduled post is due at ${moment}: the site rebuilds then.`,
      outputBeforeUpdate,
    );
    const rebuilt = server.printed(
      new RegExp(
        `A scheduled post is due \\(${moment.replace(/\./g, '\\.')}\\)[^]*is served from the next request on`,
      ),
      outputBeforeUpdate,
    );
    expect((await fetch(base + path)).status).toBe(404);
    expect(await (await fetch(`${base}/blog/schedule.json`)).json()).toEqual({ nextPublishAt: moment });
    await rebuilt;
    // Not failed and retried a minute later: due while the update was still removing old releases,
    // the rebuild waits for the update's lock.
    expect(server.output().slice(outputBeforeUpdate)).not.toContain('The scheduled rebuild failed');
    expect(Date.now()).toBeGreaterThanOrEqual(soon.moment.getTime());
    const page = await fetch(base + path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(SOON.title);
    // The next one is the 2030 post again.
    expect(await (await fetch(`${base}/blog/schedule.json`)).json()).toEqual({
      nextPublishAt: SCHEDULED.due,
    });
    expect(server.child.pid).toBe(pid);
    expect(server.exited()).toBe(false);
  });

  it('keeps the live build when a rebuild fails, and says why', async () => {
    const live = await readlink(join(copy, '.releases/current'));
    await writeFile(join(copy, 'content/posts/a-broken-post.md'), '---\ntitle: 42\n---\n\nNo excerpt.\n');
    const { code, output } = await run(copy, ['tools/update.mjs']);
    await rm(join(copy, 'content/posts/a-broken-post.md'));

    expect(code).toBe(1);
    expect(output).toContain('the build failed');
    expect(output).toContain(`Nothing was switched: .releases/${live}/ stays live`);
    expect(await readlink(join(copy, '.releases/current'))).toBe(live);
    expect((await fetch(base + NEW_PATH)).status).toBe(200);
    expect(server.exited()).toBe(false);
  });

  it('rebuilds and switches on SIGHUP (systemctl reload), as npm run update does, and once more for a reload asked for meanwhile', async () => {
    const second = '/blog/a-post-published-by-reload';
    const third = '/blog/a-post-pulled-during-the-reload';
    await writeFile(
      join(copy, 'content/posts/a-post-published-by-reload.md'),
      NEW_POST_TEXT.replace('A post published while serving', 'A post published by reload'),
    );
    const from = server.output().length;
    expect((await fetch(base + second)).status).toBe(404);
    server.child.kill('SIGHUP');
    await server.printed('SIGHUP: building a new release', from);
    // Content pulled while that build runs, and a reload for it: it was dropped without a word.
    await writeFile(
      join(copy, 'content/posts/a-post-pulled-during-the-reload.md'),
      NEW_POST_TEXT.replace('A post published while serving', 'A post pulled during the reload'),
    );
    server.child.kill('SIGHUP');
    await server.printed('SIGHUP: a build is running; another starts when it ends.', from);
    await server.printed('SIGHUP, asked for during the last build: building a new release', from);
    const built = server.output().length;
    await server.printed('is served from the next request on', built);
    expect((await fetch(base + second)).status).toBe(200);
    expect((await fetch(base + third)).status).toBe(200);
    expect(server.exited()).toBe(false);
  });

  it("still serves the release before's build files, which a page opened on it asks for", async () => {
    const live = await readlink(join(copy, '.releases/current'));
    const kept = (await readdir(join(copy, '.releases'), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && entry.name !== live)
      .map((entry) => entry.name);
    expect(kept).toHaveLength(1);
    // A script of that build that this one no longer has (a changed island's, under its old hash).
    await writeFile(join(copy, '.releases', kept[0]!, '_astro/ContactForm.0ld-hash.js'), 'export {};\n');
    const old = await fetch(`${base}/_astro/ContactForm.0ld-hash.js`);
    expect(old.status).toBe(200);
    expect(old.headers.get('content-type')).toMatch(/javascript/);
    expect(old.headers.get('cache-control')).toMatch(/immutable/);
    expect(await old.text()).toBe('export {};\n');
    // Nothing else of it: its pages, and names neither build has, are not found.
    expect((await fetch(`${base}/_astro/ContactForm.n0-such.js`)).status).toBe(404);
  });

  it('with --build-later (the systemd unit), serves the live release at once and builds meanwhile', async () => {
    const port = await freePort();
    const live = await readlink(join(copy, '.releases/current'));
    const later = startNode(['server/serve.mjs', '--build-later'], {
      cwd: copy,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    });
    const printed = (text: string) => later.printed(text);
    try {
      await printed('Serving .releases/');
      // Listening on the release that was live, while its own build runs.
      expect(later.output()).toContain(`Serving .releases/${live}/`);
      expect((await fetch(`http://127.0.0.1:${port}${NEW_PATH}`)).status).toBe(200);
      await printed('is served from the next request on');
      expect(await readlink(join(copy, '.releases/current'))).not.toBe(live);
      const switched = printed('Now serving .releases/');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      await switched;
    } finally {
      await later.stop();
    }
  });
});

describe('a post whose pictures the blog cannot show', () => {
  let copy: string;
  afterAll(async () => {
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it('stops the build, naming the post and each picture', async () => {
    copy = await projectCopy('post-pictures-', undefined, { buildCaches: true });
    await writeFile(
      join(copy, 'content/posts/broken-pictures.md'),
      PICTURE_POST_TEXT.replace('(images/a-test-photo.png "At the park")', '(./images/missing.jpg)').replace(
        '![A picture on the web]',
        '![]',
      ),
    );
    const { code, output } = await run(copy, ['node_modules/astro/bin/astro.mjs', 'sync']);
    expect(code, output).not.toBe(0);
    const message = output.replace(/\s+/g, ' ');
    expect(message).toContain('content/posts/broken-pictures.md');
    expect(message).toContain(
      'the picture "./images/missing.jpg": there is no file missing.jpg in content/posts/images',
    );
    expect(message).toContain('the picture "https://pictures.example.org/a.png": it has no alt text');
  });
});

describe('two content files with one address', () => {
  let copy: string;
  afterAll(async () => {
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it('stops the build, naming both files, instead of keeping one page of the two', async () => {
    copy = await projectCopy('duplicate-service-', undefined, { buildCaches: true });
    const original = await readFile(join(copy, 'content/services/life-skills.md'), 'utf8');
    await writeFile(
      join(copy, 'content/services/Life Skills.md'),
      original.replace(/^title: .*$/m, 'title: A copy'),
    );
    const { code, output } = await run(copy, ['node_modules/astro/bin/astro.mjs', 'sync']);
    expect(code, output).not.toBe(0);
    expect(output).toContain('content/services/life-skills.md');
    expect(output).toContain('content/services/Life Skills.md');
  });
});
