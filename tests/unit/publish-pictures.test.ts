// @vitest-environment jsdom
// A published post's pictures (src/lib/publish/pictures.ts, publisher.ts, the two backends): https
// pictures stay, a site post's repository pictures are written back as their files, and a picture of
// this site goes with the post as content/posts/images/<slug>-<name>.<ext>; every refusal comes before
// anything is written. fetch is replaced: no test reaches the network or a server.
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFrontMatter } from '@/lib/text/post-file';
import { createDatabase, type AppDatabase, type Post } from '@/lib/db';
import type { PictureFile, PublishBackend } from '@/lib/publish/backend';
import { createGitHubBackend } from '@/lib/publish/github-backend';
import { createLocalBackend } from '@/lib/publish/local-backend';
import { MAX_PICTURE_BYTES, namedPictureFiles, planPictures } from '@/lib/publish/pictures';
import { publishToWebsite } from '@/lib/publish/publisher';
import type { SiteContext } from '@/lib/publish/publish-state';

let db: AppDatabase;
beforeEach(async () => {
  await Dexie.delete('BlogDatabase');
  db = createDatabase();
});
afterEach(() => db.close());

const at = new Date('2025-05-06T12:00:00.000Z');
const PNG = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13]);

async function addPost(content: string): Promise<Post> {
  const record: Omit<Post, 'id'> = {
    slug: 'calm-corner',
    isDraft: 0,
    title: 'Calm corner',
    excerpt: 'A quiet place.',
    content,
    tags: [],
    author: 'Admin',
    publishedAt: at,
    updatedAt: at,
  };
  const id = await db.posts.add(record as Post);
  return (await db.posts.get(id))!;
}

/** This site, as the admin's fetch sees it: each path answers its bytes (or a status). */
function site(files: Record<string, { body?: Uint8Array; type?: string; status?: number; length?: number }>) {
  const asked: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    const path = String(input);
    asked.push(path);
    const file = files[path];
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(file.body ? (file.body.buffer as ArrayBuffer) : null, {
      status: file.status ?? 200,
      headers: {
        'Content-Type': file.type ?? 'image/png',
        ...(file.length ? { 'Content-Length': String(file.length) } : {}),
      },
    });
  }) as typeof fetch;
  return { fetchFn, asked };
}

function memoryBackend({ pictures = true } = {}) {
  const files = new Map<string, string>();
  const written: string[] = [];
  const backend: PublishBackend = {
    kind: 'local',
    description: 'a test repository',
    readFile: async (path) => {
      const text = files.get(path);
      return text === undefined ? undefined : { path, text, version: 'v' };
    },
    writeFile: async (path, text) => {
      written.push(path);
      files.set(path, text);
      return { committed: false };
    },
    deleteFile: async () => ({ committed: false }),
    hasFile: async (path) => files.has(path),
    listPostFiles: async () =>
      [...files.keys()].flatMap((path) => /^content\/posts\/([^/]+\.md)$/.exec(path)?.[1] ?? []),
    ...(pictures
      ? {
          writePictures: async (list: readonly PictureFile[]) => {
            for (const picture of list) {
              written.push(picture.path);
              files.set(picture.path, picture.base64);
            }
          },
        }
      : {}),
  };
  return { backend, files, written };
}

const noSite: SiteContext = { sitePosts: new Map(), builtSlugs: new Map(), builtFiles: new Map() };
const body = (text: string | undefined) => readFrontMatter(text ?? '').content.trim();

describe('publishing a post with pictures', () => {
  it('keeps https pictures and sends a picture of this site with the post, before the post', async () => {
    const post = await addPost(
      '<p>Hi</p><img src="https://example.org/a.png" alt="A"><img src="/_astro/chart.Ab12.png" alt="A chart">',
    );
    const repo = memoryBackend();
    const here = site({ '/_astro/chart.Ab12.png': { body: PNG } });
    const outcome = await publishToWebsite(post.id, {
      backend: repo.backend,
      site: noSite,
      fetch: here.fetchFn,
      database: () => db,
      now: at,
    });
    expect(outcome).toMatchObject({ ok: true });
    expect(repo.written).toEqual([
      'content/posts/images/calm-corner-chart.ab12.png',
      'content/posts/calm-corner.md',
    ]);
    expect(repo.files.get('content/posts/images/calm-corner-chart.ab12.png')).toBe(
      Buffer.from(PNG).toString('base64'),
    );
    expect(body(repo.files.get('content/posts/calm-corner.md'))).toBe(
      '<p>Hi</p>\n\n![A](https://example.org/a.png)\n\n![A chart](./images/calm-corner-chart.ab12.png)',
    );
    expect(here.asked).toEqual(['/_astro/chart.Ab12.png']);
  });

  it('refuses, before writing anything, a repository picture the repository does not have', async () => {
    // As an imported post names a picture that was not chosen with it, or a featured picture beside it.
    for (const [content, featuredImage, missing] of [
      ['<img src="./images/chart.png" alt="A chart">', undefined, 'content/posts/images/chart.png'],
      ['<p>Hi</p>', './images/top.webp', 'content/posts/images/top.webp'],
    ] as const) {
      const post = await addPost(content);
      if (featuredImage) await db.posts.update(post.id, { featuredImage });
      const repo = memoryBackend();
      const outcome = await publishToWebsite(post.id, {
        backend: repo.backend,
        site: noSite,
        fetch: site({}).fetchFn,
        database: () => db,
        now: at,
      });
      expect(outcome).toMatchObject({ ok: false });
      if (!outcome.ok) expect(outcome.error).toContain(`(${missing}), and the repository does not have it`);
      expect(repo.written).toEqual([]);
      // With the file in the repository, the post goes, naming it.
      repo.files.set(missing, 'bytes');
      expect(
        await publishToWebsite(post.id, {
          backend: repo.backend,
          site: noSite,
          fetch: site({}).fetchFn,
          database: () => db,
          now: at,
        }),
      ).toMatchObject({ ok: true });
      await db.posts.delete(post.id);
    }
  });

  it("writes a site post's repository pictures back as their files, fetching nothing", async () => {
    const post = await addPost(
      '<img src="/_astro/schedule.Xy.webp" srcset="/_astro/schedule.Xy_400w.webp 400w" alt="S">',
    );
    const repo = memoryBackend();
    const here = site({});
    const sitePost = {
      source: { file: 'calm-corner.md', pictures: { '/_astro/schedule.Xy.webp': './images/schedule.svg' } },
      changed: true,
    };
    const outcome = await publishToWebsite(post.id, {
      backend: repo.backend,
      site: { sitePosts: new Map([[post.id, sitePost]]), builtSlugs: new Map(), builtFiles: new Map() },
      fetch: here.fetchFn,
      database: () => db,
      now: at,
    });
    expect(outcome).toMatchObject({ ok: true, file: 'calm-corner.md' });
    expect(here.asked).toEqual([]);
    expect(repo.written).toEqual(['content/posts/calm-corner.md']);
    expect(body(repo.files.get('content/posts/calm-corner.md'))).toBe('![S](./images/schedule.svg)');
  });

  it('refuses, before writing anything, a picture the backend cannot take', async () => {
    const post = await addPost('<img src="/images/a.png" alt="A">');
    const repo = memoryBackend({ pictures: false });
    const outcome = await publishToWebsite(post.id, {
      backend: repo.backend,
      site: noSite,
      fetch: site({ '/images/a.png': { body: PNG } }).fetchFn,
      database: () => db,
    });
    expect(outcome).toMatchObject({
      ok: false,
      error: expect.stringContaining('The picture “a.png” is a file of this site'),
    });
    expect(repo.written).toEqual([]);
    expect((await db.posts.get(post.id))!.publication).toBeUndefined();
  });

  it('refuses a picture over 10 MB, and one this site does not have, naming it', async () => {
    const big = await addPost('<img src="/images/big.png" alt="Big">');
    const repo = memoryBackend();
    const tooLarge = await publishToWebsite(big.id, {
      backend: repo.backend,
      site: noSite,
      fetch: site({ '/images/big.png': { body: PNG, length: MAX_PICTURE_BYTES + 1 } }).fetchFn,
      database: () => db,
    });
    expect(tooLarge).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The picture “big\.png” is 10\.0 MB, more than the 10 MB/),
    });
    const missing = await publishToWebsite(big.id, {
      backend: repo.backend,
      site: noSite,
      fetch: site({}).fetchFn,
      database: () => db,
    });
    expect(missing).toMatchObject({
      ok: false,
      error: expect.stringContaining('The picture “big.png” could not be read from this site (status 404)'),
    });
    const html = await publishToWebsite(big.id, {
      backend: repo.backend,
      site: noSite,
      fetch: site({ '/images/big.png': { body: PNG, type: 'text/html' } }).fetchFn,
      database: () => db,
    });
    expect(html).toMatchObject({ ok: false, error: expect.stringContaining('(it is text/html)') });
    expect(repo.written).toEqual([]);
  });

  it('checks what this site answers: its status, its real size and type, an SVG by type or name', async () => {
    const UNSAFE_SVG = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const plan = async (src: string, file: { body?: Uint8Array; type?: string; status?: number }) => {
      const here = site({ [src]: file });
      const calls: (RequestInit | undefined)[] = [];
      const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(init);
        return here.fetchFn(input, init);
      }) as typeof fetch;
      const post = { slug: 'calm-corner', content: `<img src="${src}" alt="A">` };
      const outcome = await planPictures(post, {}, memoryBackend().backend, fetchFn);
      expect(calls).toEqual([{ cache: 'no-cache' }]);
      return outcome;
    };
    expect(await plan('/a.png', { body: PNG, type: 'Image/PNG; charset=binary' })).toMatchObject({
      ok: true,
    });
    expect(await plan('/a.png', { body: PNG, status: 500 })).toMatchObject({
      ok: false,
      error: expect.stringContaining('(status 500)'),
    });
    // No Content-Length: the bytes themselves are measured.
    expect(await plan('/a.png', { body: new Uint8Array(MAX_PICTURE_BYTES + 1) })).toMatchObject({
      ok: false,
      error: expect.stringContaining('more than the 10 MB'),
    });
    expect(await plan('/chart', { body: UNSAFE_SVG, type: 'image/svg+xml' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('cannot be published'),
    });
    expect(await plan('/chart.svg', { body: UNSAFE_SVG, type: 'image/png' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('cannot be published'),
    });
  });

  it('refuses an SVG that could run script or load another file, naming it and why; sends a plain one', async () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    const plain = encode(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
    );
    const hostile = encode(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><rect/></svg>',
    );
    const post = await addPost(
      '<img src="/images/chart.svg" alt="Chart"><img src="/images/ok.svg" alt="Ok">',
    );
    const repo = memoryBackend();
    const refused = await publishToWebsite(post.id, {
      backend: repo.backend,
      site: noSite,
      fetch: site({
        '/images/chart.svg': { body: hostile, type: 'image/svg+xml' },
        '/images/ok.svg': { body: plain, type: 'image/svg+xml' },
      }).fetchFn,
      database: () => db,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: expect.stringMatching(
        /^The picture “chart\.svg” cannot be published: it has an event handler \(onload= on <svg>\), which runs code\. Nothing was published/,
      ),
    });
    expect(repo.written).toEqual([]);
    const sent = await publishToWebsite(post.id, {
      backend: repo.backend,
      site: noSite,
      fetch: site({
        '/images/chart.svg': { body: plain, type: 'image/svg+xml' },
        '/images/ok.svg': { body: plain, type: 'image/svg+xml' },
      }).fetchFn,
      database: () => db,
    });
    expect(sent).toMatchObject({ ok: true });
    expect(repo.written).toContain('content/posts/images/calm-corner-ok.svg');
  });
});

describe("publishing a post's own pictures (from the admin's computer, issue 35)", () => {
  const dataUrl = (type: string, bytes: Uint8Array) =>
    `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

  async function addPostWithPictures(content: string, pictures: Record<string, string>): Promise<Post> {
    const post = await addPost(content);
    await db.posts.update(post.id, { pictures });
    return (await db.posts.get(post.id))!;
  }

  it('sends each picture the text names beside the post, named by the one rule, fetching nothing', async () => {
    const post = await addPostWithPictures(
      '<p>Hi</p><img src="./images/chart.png" alt="A chart"><img src="/_astro/chart.Ab12.png" alt="Built">',
      { 'chart.png': dataUrl('image/png', PNG), 'unused.png': dataUrl('image/png', PNG) },
    );
    const repo = memoryBackend();
    const here = site({ '/_astro/chart.Ab12.png': { body: PNG } });
    const outcome = await publishToWebsite(post.id, {
      backend: repo.backend,
      site: noSite,
      fetch: here.fetchFn,
      database: () => db,
      now: at,
    });
    expect(outcome).toMatchObject({ ok: true });
    expect(repo.written).toEqual([
      'content/posts/images/calm-corner-chart.png',
      'content/posts/images/calm-corner-chart.ab12.png',
      'content/posts/calm-corner.md',
    ]);
    expect(repo.files.get('content/posts/images/calm-corner-chart.png')).toBe(
      Buffer.from(PNG).toString('base64'),
    );
    expect(body(repo.files.get('content/posts/calm-corner.md'))).toBe(
      '<p>Hi</p>\n\n![A chart](./images/calm-corner-chart.png)\n\n![Built](./images/calm-corner-chart.ab12.png)',
    );
    expect(here.asked).toEqual(['/_astro/chart.Ab12.png']);
  });

  it("never names a picture as another post's file, and replaces only its own copy when published again", async () => {
    // The post 'calm-corner-chart' has its picture in the repository: the name this post's 'chart.png'
    // would get by the rule. Publishing wrote over it, without a word.
    const theirs = 'content/posts/images/calm-corner-chart.png';
    const post = await addPostWithPictures(
      '<img src="./images/chart.png" alt="A chart"><img src="/_astro/chart.Ab12.png" alt="Built">',
      { 'chart.png': dataUrl('image/png', PNG) },
    );
    const repo = memoryBackend();
    repo.files.set(theirs, 'their picture');
    repo.files.set('content/posts/images/calm-corner-chart.ab12.png', 'another picture of theirs');
    const here = site({ '/_astro/chart.Ab12.png': { body: PNG } });
    const options = { backend: repo.backend, site: noSite, fetch: here.fetchFn, database: () => db, now: at };
    expect(await publishToWebsite(post.id, options)).toMatchObject({
      ok: true,
      pictures: [
        'content/posts/images/calm-corner-chart-2.png',
        'content/posts/images/calm-corner-chart.ab12-2.png',
      ],
    });
    expect(repo.files.get(theirs)).toBe('their picture');
    expect(repo.files.get('content/posts/images/calm-corner-chart.ab12.png')).toBe(
      'another picture of theirs',
    );
    expect(repo.written).toEqual([
      'content/posts/images/calm-corner-chart-2.png',
      'content/posts/images/calm-corner-chart.ab12-2.png',
      'content/posts/calm-corner.md',
    ]);
    expect(body(repo.files.get('content/posts/calm-corner.md'))).toBe(
      '![A chart](./images/calm-corner-chart-2.png)\n\n![Built](./images/calm-corner-chart.ab12-2.png)',
    );

    // Edited and published again: its own copies are replaced under the same names, not -3.
    await db.posts.update(post.id, { title: 'Calm corner, edited' });
    repo.written.length = 0;
    expect(
      await publishToWebsite(post.id, { ...options, now: new Date(at.getTime() + 60_000) }),
    ).toMatchObject({
      ok: true,
    });
    expect(repo.written).toEqual([
      'content/posts/images/calm-corner-chart-2.png',
      'content/posts/images/calm-corner-chart.ab12-2.png',
      'content/posts/calm-corner.md',
    ]);
    expect(repo.files.get(theirs)).toBe('their picture');
  });

  it('refuses, before writing anything, an unsafe SVG, a picture it cannot read, and a backend that takes only text', async () => {
    const hostile = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const svg = await addPostWithPictures('<img src="./images/d.svg" alt="D">', {
      'd.svg': dataUrl('image/svg+xml', hostile),
    });
    const repo = memoryBackend();
    const options = { backend: repo.backend, site: noSite, fetch: site({}).fetchFn, database: () => db };
    expect(await publishToWebsite(svg.id, options)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The picture “d\.svg” cannot be published: it has a <script> element/),
    });
    await db.posts.update(svg.id, { pictures: { 'd.svg': 'data:image/svg+xml;base64,***' } });
    expect(await publishToWebsite(svg.id, options)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The picture “d\.svg” kept with this post cannot be read\./),
    });
    await db.posts.update(svg.id, { pictures: { 'd.svg': dataUrl('image/png', PNG) } });
    const textOnly = memoryBackend({ pictures: false });
    expect(await publishToWebsite(svg.id, { ...options, backend: textOnly.backend })).toMatchObject({
      ok: false,
      error: expect.stringMatching(
        /^The picture “d\.svg” was added from this computer, and a test repository takes only text/,
      ),
    });
    expect([...repo.written, ...textOnly.written]).toEqual([]);
  });
});

/** A fetch that answers in order and records each request's JSON body. */
function recording(...answers: Array<{ status: number; body?: unknown }>) {
  const requests: Array<{ url: string; method: string; body: Record<string, unknown> | undefined }> = [];
  const fetchFn = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push({
      url: String(input),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    });
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
      status: next.status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetchFn, requests };
}

const picture: PictureFile = {
  path: 'content/posts/images/calm-corner-a.png',
  base64: Buffer.from(PNG).toString('base64'),
};

describe('the backends say whether a picture file is there', () => {
  it('decap-server: getEntry, a file only when it has data', async () => {
    const local = (...answers: { status: number; body?: unknown }[]) => {
      const recorded = recording(...answers);
      const backend = createLocalBackend({
        url: 'http://localhost:8081/api/v1',
        branch: 'main',
        fetch: recorded.fetchFn,
      });
      return { backend, requests: recorded.requests };
    };
    const there = local({ status: 200, body: { data: 'bytes', file: { id: 'abc' } } });
    expect(await there.backend.hasFile(picture.path)).toBe(true);
    expect(there.requests[0]!.body).toMatchObject({ action: 'getEntry', params: { path: picture.path } });
    const missing = local({ status: 200, body: { data: null, file: { id: null } } });
    expect(await missing.backend.hasFile(picture.path)).toBe(false);
  });

  it('GitHub: 200 is a file, 404 none, and anything else is a failure, not a free name', async () => {
    const hasFile = (status: number) =>
      createGitHubBackend({
        repo: 'o/r',
        branch: 'main',
        token: 't',
        fetch: recording({ status, body: {} }).fetchFn,
      }).hasFile(picture.path);
    expect(await hasFile(200)).toBe(true);
    expect(await hasFile(404)).toBe(false);
    await expect(hasFile(500)).rejects.toMatchObject({ name: 'PublishError' });
  });
});

describe('the backends send pictures', () => {
  it("decap-server: persistMedia with the picture's base64", async () => {
    const { fetchFn, requests } = recording({ status: 200, body: { id: 'x' } });
    await createLocalBackend({
      url: 'http://localhost:8081/api/v1',
      branch: 'main',
      fetch: fetchFn,
    }).writePictures([picture], { message: 'Add pictures' });
    expect(requests[0]!.body).toEqual({
      branch: 'main',
      action: 'persistMedia',
      params: {
        branch: 'main',
        asset: { path: picture.path, content: picture.base64, encoding: 'base64' },
        options: { commitMessage: 'Add pictures' },
      },
    });
  });

  it('GitHub: creates a new picture, replaces a changed one with its sha, leaves an identical one', async () => {
    const github = (fetchFn: typeof fetch) =>
      createGitHubBackend({ repo: 'o/r', branch: 'main', token: 't', fetch: fetchFn }).writePictures!;
    const created = recording({ status: 404 }, { status: 201, body: {} });
    await github(created.fetchFn)([picture], { message: 'Add pictures' });
    expect(created.requests.map((r) => r.method)).toEqual(['GET', 'PUT']);
    expect(created.requests[1]!.url).toBe(
      'https://api.github.com/repos/o/r/contents/content/posts/images/calm-corner-a.png',
    );
    expect(created.requests[1]!.body).toEqual({
      message: 'Add pictures',
      content: picture.base64,
      branch: 'main',
    });

    const changed = recording({ status: 200, body: { sha: 'old' } }, { status: 200, body: {} });
    await github(changed.fetchFn)([picture], { message: 'Add pictures' });
    expect(changed.requests[1]!.body).toMatchObject({ sha: 'old' });

    // git hash-object of the 12 bytes above.
    const { execFileSync } = await import('node:child_process');
    const sha = execFileSync('git', ['hash-object', '--stdin'], { input: Buffer.from(PNG) })
      .toString()
      .trim();
    const same = recording({ status: 200, body: { sha } });
    await github(same.fetchFn)([picture], { message: 'Add pictures' });
    expect(same.requests.map((r) => r.method)).toEqual(['GET']);
  });
});

describe("the pictures a post's file in the repository names (its own, which publishing may replace)", () => {
  it('reads them as the build does: ./images/name, or images/name as Decap CMS writes it', () => {
    const file = [
      '---',
      'title: T',
      'excerpt: E',
      'featuredImage: images/lead.jpg',
      '---',
      '![A](./images/first.webp) ![B](images/second.png "decorative")',
      '<img src="images/third.gif">',
      // Not this post's: a web address, a path of the site, another folder, a file that is no picture.
      '![C](https://example.org/images/web.jpg) ![D](/images/site.jpg) ![E](../images/up.jpg)',
      '![F](myimages/other.jpg) ![G](./images/notes.txt)',
    ].join('\n');
    expect([...namedPictureFiles(file)].sort()).toEqual([
      'first.webp',
      'lead.jpg',
      'second.png',
      'third.gif',
    ]);
    expect(namedPictureFiles(undefined).size).toBe(0);
  });
});
