// "Publish to website" and "Remove from website" (src/lib/publish/publisher.ts) on an in-memory
// repository behind the PublishBackend interface and a real (fake-indexeddb) BlogDatabase: what is
// written, what is remembered on the post, and every refusal that keeps both versions as they were.
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postToMarkdown } from '@/lib/admin/markdown';
import { readFrontMatter } from '@/lib/text/post-file';
import type { SitePost } from '@/lib/admin/site-posts';
import { createDatabase, type AppDatabase, type Post, type Publication } from '@/lib/db';
import { PublishError, sha256Hex, type PublishBackend } from '@/lib/publish/backend';
import { practiceDateTimeText, scheduledText } from '@/lib/site/dates';
import {
  loadSiteContext,
  postStanding,
  scheduledFor,
  websiteActions,
  websiteState,
  type SiteContext,
} from '@/lib/publish/publish-state';
import { dateOnWebsite, publishToWebsite, removeFromWebsite } from '@/lib/publish/publisher';
import { slugOwner } from '@/lib/publish/slug-owners';

let db: AppDatabase;

/** A repository in memory; `fail` makes the next call throw like a backend does. */
function memoryRepo(initial: Record<string, string> = {}) {
  const files = new Map(Object.entries(initial));
  const calls: string[] = [];
  /** The commit messages, in order. */
  const messages: string[] = [];
  let fail: PublishError | undefined;
  const version = (text: string) =>
    `v-${text.length}-${[...text].reduce((sum, c) => sum + c.charCodeAt(0), 0)}`;
  const backend: PublishBackend = {
    kind: 'github',
    description: 'memory',
    async readFile(path) {
      calls.push(`read ${path}`);
      if (fail) throw fail;
      const text = files.get(path);
      return text === undefined ? undefined : { path, text, version: version(text) };
    },
    async writeFile(path, text, { expectedVersion, message }) {
      calls.push(`write ${path}`);
      messages.push(message);
      if (fail) throw fail;
      const current = files.get(path);
      if (
        (current === undefined) !== (expectedVersion === undefined) ||
        (current && version(current) !== expectedVersion)
      ) {
        throw new PublishError('conflict', 'changed meanwhile. The post in this browser is unchanged.');
      }
      files.set(path, text);
      return { sha: 'abc1234def', url: 'https://github.com/o/r/commit/abc1234def', committed: true };
    },
    async deleteFile(path, { expectedVersion, message }) {
      calls.push(`delete ${path}`);
      messages.push(message);
      if (fail) throw fail;
      const current = files.get(path);
      if (current === undefined || version(current) !== expectedVersion) {
        throw new PublishError('conflict', 'changed meanwhile. The post in this browser is unchanged.');
      }
      files.delete(path);
      return { sha: 'fed4321', committed: true };
    },
    hasFile: async (path) => files.has(path),
    async listPostFiles() {
      calls.push('list');
      if (fail) throw fail;
      return [...files.keys()].flatMap((path) => /^content\/posts\/([^/]+\.md)$/.exec(path)?.[1] ?? []);
    },
  };
  return { files, calls, messages, backend, failNext: (error: PublishError) => (fail = error) };
}

const noSite: SiteContext = { sitePosts: new Map(), builtSlugs: new Map(), builtFiles: new Map() };
const at = new Date('2025-05-06T12:00:00.000Z');

async function addPost(overrides: Partial<Post> = {}): Promise<Post> {
  const record: Omit<Post, 'id'> = {
    slug: 'visual-schedules',
    isDraft: 0,
    title: 'Visual Schedules',
    excerpt: 'A picture for each step.',
    content: '<p>Hello</p>',
    tags: ['home'],
    author: 'Admin',
    publishedAt: at,
    updatedAt: at,
    ...overrides,
  };
  const id = await db.posts.add(record as Post);
  return (await db.posts.get(id))!;
}

const deps = (backend: PublishBackend, site: SiteContext = noSite) => ({
  backend,
  site,
  database: () => db,
  now: at,
});

beforeEach(async () => {
  await Dexie.delete('BlogDatabase');
  db = createDatabase();
});
afterEach(() => db.close());

describe('publishing a post', () => {
  it('writes a new post as {slug}.md in the Markdown export format and remembers it', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    expect(websiteState(post, undefined)).toBe('browser-only');
    const outcome = await publishToWebsite(post.id, deps(repo.backend));
    expect(outcome).toMatchObject({ ok: true, file: 'visual-schedules.md', recorded: true });
    const text = repo.files.get('content/posts/visual-schedules.md')!;
    expect(text).toBe(postToMarkdown(post));
    const stored = (await db.posts.get(post.id))!;
    expect(stored.publication).toEqual({
      file: 'visual-schedules.md',
      state: 'published',
      sha256: await sha256Hex(text),
      postUpdatedAt: at.getTime(),
      publishedAt: at.getTime(),
      at,
      committed: true,
      commit: { sha: 'abc1234def', url: 'https://github.com/o/r/commit/abc1234def' },
    });
    expect(websiteState(stored, undefined)).toBe('on-website');
    expect(websiteActions(stored, 'on-website')).toEqual({ publish: false, remove: true });
  });

  it('publishes now a post whose own date lies ahead (imported from a scheduled file)', async () => {
    const repo = memoryRepo();
    const post = await addPost({ publishedAt: new Date('2025-12-08T13:00:00Z') }); // months after `at`
    const outcome = await publishToWebsite(post.id, deps(repo.backend));
    expect(outcome).toMatchObject({ ok: true });
    // That date in the file kept the post off the website until December, with no word of it.
    const text = repo.files.get('content/posts/visual-schedules.md')!;
    expect(text).toContain(`publishedAt: '${practiceDateTimeText(at)}'\n`);
    const stored = (await db.posts.get(post.id))!;
    expect(stored.publication?.publishedAt).toBe(at.getTime());
    expect(scheduledFor(stored, at.getTime())).toBeUndefined();
  });

  it('publishes for a later moment: the file’s publishedAt in Toronto time, the post’s own unchanged', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    const monday = new Date('2025-12-08T13:00:00Z'); // 8:00 in Toronto (EST)
    const outcome = await publishToWebsite(post.id, { ...deps(repo.backend), publishAt: monday });
    expect(outcome).toMatchObject({ ok: true, commit: { committed: true } });
    const text = repo.files.get('content/posts/visual-schedules.md')!;
    expect(text).toContain("publishedAt: '2025-12-08T08:00:00-05:00'\n");
    const stored = (await db.posts.get(post.id))!;
    expect(stored.publishedAt).toEqual(at);
    expect(stored.publication?.publishAt).toBe(monday.getTime());
    expect(scheduledFor(stored, monday.getTime() - 60_000)).toEqual(monday);
    expect(scheduledFor(stored, monday.getTime())).toBeUndefined();
    expect(scheduledFor({ ...stored, updatedAt: new Date(at.getTime() + 1) }, at.getTime())).toBeUndefined();
    expect(scheduledText(scheduledFor(stored, at.getTime())!)).toBe(
      'Scheduled for Monday, December 8, 2025, 8:00 a.m.',
    );
  });

  it('refuses a moment that has already come, and writes nothing', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    const outcome = await publishToWebsite(post.id, { ...deps(repo.backend), publishAt: at });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('already come') });
    expect(repo.calls).toEqual([]);
  });

  it('replaces the same file after an edit, even when the title (and slug) changed', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    await publishToWebsite(post.id, deps(repo.backend));
    const later = new Date('2025-05-07T08:00:00Z');
    await db.posts.update(post.id, {
      title: 'Picture Schedules',
      slug: 'picture-schedules',
      updatedAt: later,
    });
    const edited = (await db.posts.get(post.id))!;
    expect(websiteState(edited, undefined)).toBe('changed');
    const outcome = await publishToWebsite(post.id, deps(repo.backend));
    expect(outcome).toMatchObject({ ok: true, file: 'visual-schedules.md' });
    expect([...repo.files.keys()]).toEqual(['content/posts/visual-schedules.md']);
    expect(repo.files.get('content/posts/visual-schedules.md')).toContain('title: Picture Schedules');
  });

  it('refuses when the file changed in the repository since it was published, and overwrites nothing', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    await publishToWebsite(post.id, deps(repo.backend));
    repo.files.set('content/posts/visual-schedules.md', 'changed on GitHub');
    await db.posts.update(post.id, { excerpt: 'Edited here', updatedAt: new Date('2025-05-08') });
    const before = (await db.posts.get(post.id))!;
    const outcome = await publishToWebsite(post.id, deps(repo.backend));
    expect(outcome).toMatchObject({ ok: false, conflict: true });
    expect(!outcome.ok && outcome.error).toMatch(
      /changed in the repository since this browser last published or loaded it/,
    );
    expect(repo.files.get('content/posts/visual-schedules.md')).toBe('changed on GitHub');
    expect(await db.posts.get(post.id)).toEqual(before);
    expect(repo.calls.filter((call) => call.startsWith('write'))).toHaveLength(1);
  });

  it('refuses a new post whose file name is taken in the repository', async () => {
    const repo = memoryRepo({ 'content/posts/visual-schedules.md': 'someone else’s post' });
    const post = await addPost();
    const outcome = await publishToWebsite(post.id, deps(repo.backend));
    expect(!outcome.ok && outcome.error).toMatch(/already has a file content\/posts\/visual-schedules.md/);
    expect(repo.files.get('content/posts/visual-schedules.md')).toBe('someone else’s post');
    expect((await db.posts.get(post.id))!.publication).toBeUndefined();
  });

  it('refuses a slug that another file of the site already gives its post', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    const site: SiteContext = {
      sitePosts: new Map(),
      builtSlugs: new Map([['visual-schedules', 'schedules-2024.md']]),
      builtFiles: new Map(),
    };
    const outcome = await publishToWebsite(post.id, deps(repo.backend, site));
    expect(!outcome.ok && outcome.error).toMatch(
      /content\/posts\/schedules-2024.md\) already has the address \/blog\/visual-schedules/,
    );
    expect(repo.calls).toEqual([]);
  });

  it('refuses a slug that a file the website does not show yet names (an older draft, say)', async () => {
    const draft =
      '---\ntitle: Schedules, first notes\nexcerpt: Later.\nslug: Visual Schedules\nisDraft: true\n---\nText.\n';
    const repo = memoryRepo({ 'content/posts/schedules-notes.md': draft });
    const post = await addPost();
    const outcome = await publishToWebsite(post.id, deps(repo.backend));
    expect(!outcome.ok && outcome.error).toBe(
      "content/posts/schedules-notes.md in the repository, a post the website does not show yet (a draft, or one scheduled for later), already names the address /blog/visual-schedules. Change this post's title so it gets its own address, save it, then publish it. The post in this browser is unchanged.",
    );
    expect(repo.calls.filter((call) => call.startsWith('write'))).toEqual([]);
    expect((await db.posts.get(post.id))!.publication).toBeUndefined();
  });

  it('publishes beside unbuilt files that name no slug, another slug, or cannot be read', async () => {
    const repo = memoryRepo({
      'content/posts/same-title.md': '---\ntitle: Visual Schedules\nexcerpt: A draft.\nisDraft: true\n---\n',
      'content/posts/other.md': '---\ntitle: Other\nexcerpt: x\nslug: visual-schedules-at-home\n---\n',
      'content/posts/broken.md': '---\ntitle: [unclosed\n---\n',
      'content/posts/images/visual-schedules.md': '---\nslug: visual-schedules\n---\n',
    });
    const post = await addPost();
    const outcome = await publishToWebsite(post.id, deps(repo.backend));
    expect(outcome.ok).toBe(true);
    expect(repo.files.has('content/posts/visual-schedules.md')).toBe(true);
  });

  it('reads none of the files the website has built, nor the repository for a post built at its slug', async () => {
    const repo = memoryRepo({
      'content/posts/built.md': '---\ntitle: Built\nexcerpt: x\nslug: visual-schedules\n---\n',
    });
    const post = await addPost();
    const site = (builtSlugs: [string, string][]): SiteContext => ({
      sitePosts: new Map(),
      builtSlugs: new Map(builtSlugs),
      builtFiles: new Map([['built.md', undefined]]),
    });
    expect((await publishToWebsite(post.id, deps(repo.backend, site([['built', 'built.md']])))).ok).toBe(
      true,
    );
    expect(repo.calls).toContain('list');
    expect(repo.calls).not.toContain('read content/posts/built.md');

    repo.calls.length = 0;
    await db.posts.update(post.id, { excerpt: 'Edited.', updatedAt: new Date(at.getTime() + 1) });
    const builtHere = site([
      ['built', 'built.md'],
      ['visual-schedules', 'visual-schedules.md'],
    ]);
    expect((await publishToWebsite(post.id, deps(repo.backend, builtHere))).ok).toBe(true);
    expect(repo.calls).not.toContain('list');
  });

  it('reads the unbuilt files six at a time, every one of them, and skips one gone meanwhile', async () => {
    const repo = memoryRepo();
    for (let i = 0; i < 13; i += 1)
      repo.files.set(`content/posts/draft-${i}.md`, `---\ntitle: D\nexcerpt: x\nslug: draft-${i}\n---\n`);
    const read = repo.backend.readFile.bind(repo.backend);
    let inFlight = 0;
    let most = 0;
    const reads: string[] = [];
    repo.backend.listPostFiles = async () =>
      ['gone.md', ...repo.files.keys()].map((path) => path.split('/').pop()!);
    repo.backend.readFile = async (path) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      reads.push(path);
      // Every read of a batch has started before any of them answers.
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      return read(path);
    };
    expect(await slugOwner('free-address', 'new-post.md', noSite, repo.backend)).toBeUndefined();
    expect(most).toBe(6);
    expect(reads).toHaveLength(14);
    expect(new Set(reads).size).toBe(14);
  });

  it('finds a file with a byte order mark, and the suffixed address a reserved slug gets', async () => {
    const repo = memoryRepo({
      'content/posts/bom.md': '\uFEFF---\ntitle: Notes\nexcerpt: x\nslug: with-bom\n---\n',
      'content/posts/tags.md': '---\ntitle: Tags\nexcerpt: x\nslug: tags\n---\n',
    });
    expect(await slugOwner('with-bom', 'new-post.md', noSite, repo.backend)).toBe('bom.md');
    expect(await slugOwner('tags-2', 'new-post.md', noSite, repo.backend)).toBe('tags.md');
  });

  it('finds the file that has or names an address, as the CMS page asks it (slugOwner)', async () => {
    const repo = memoryRepo({
      'content/posts/notes.md': '---\ntitle: Notes\nexcerpt: x\nslug: Saved For Later\nisDraft: true\n---\n',
    });
    const site: SiteContext = {
      sitePosts: new Map(),
      builtSlugs: new Map([['visual-schedules', 'schedules-2024.md']]),
      builtFiles: new Map([['schedules-2024.md', undefined]]),
    };
    expect(await slugOwner('visual-schedules', 'new-post.md', site, repo.backend)).toBe('schedules-2024.md');
    expect(await slugOwner('visual-schedules', 'schedules-2024.md', site, repo.backend)).toBeUndefined();
    expect(await slugOwner('saved-for-later', 'new-post.md', site, repo.backend)).toBe('notes.md');
    expect(await slugOwner('saved-for-later', 'notes.md', site, repo.backend)).toBeUndefined();
    expect(await slugOwner('free-address', 'new-post.md', site, repo.backend)).toBeUndefined();

    // Read a few at a time: the one naming it may come after the first batch.
    for (let i = 0; i < 13; i += 1)
      repo.files.set(`content/posts/draft-${i}.md`, `---\ntitle: D\nexcerpt: x\nslug: draft-${i}\n---\n`);
    expect(await slugOwner('draft-12', 'new-post.md', site, repo.backend)).toBe('draft-12.md');
  });

  it('never publishes a draft', async () => {
    const repo = memoryRepo();
    const post = await addPost({ isDraft: 1 });
    expect(websiteActions(post, 'browser-only').publish).toBe(false);
    const outcome = await publishToWebsite(post.id, deps(repo.backend));
    expect(!outcome.ok && outcome.error).toMatch(/Drafts are never published/);
    expect(repo.calls).toEqual([]);
  });

  it('leaves the post untouched when the backend fails, with the backend’s message', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    repo.failNext(
      new PublishError('network', 'GitHub could not be reached. The post in this browser is unchanged.'),
    );
    const outcome = await publishToWebsite(post.id, deps(repo.backend));
    expect(outcome).toEqual({
      ok: false,
      conflict: false,
      code: 'network',
      error: 'GitHub could not be reached. The post in this browser is unchanged.',
    });
    expect(await db.posts.get(post.id)).toEqual(post);
  });

  it('publishes a site post under its own file, checked against the file the site was built from', async () => {
    const original = '---\ntitle: Visual Schedules\n---\n\nBuilt.\n';
    const repo = memoryRepo({ 'content/posts/schedules.md': original });
    const post = await addPost({ updatedAt: new Date('2025-06-01') });
    const sitePost: SitePost = {
      source: { file: 'schedules.md', sha256: await sha256Hex(original) },
      changed: true,
    };
    const site: SiteContext = {
      sitePosts: new Map([[post.id, sitePost]]),
      builtSlugs: new Map([['visual-schedules', 'schedules.md']]),
      builtFiles: new Map([['schedules.md', await sha256Hex(original)]]),
    };
    expect(websiteState(post, sitePost)).toBe('changed');
    expect(await publishToWebsite(post.id, deps(repo.backend, site))).toMatchObject({
      ok: true,
      file: 'schedules.md',
    });
    expect([...repo.files.keys()]).toEqual(['content/posts/schedules.md']);

    // A site post whose file changed after the build is refused.
    const repo2 = memoryRepo({ 'content/posts/schedules.md': `${original}Edited in Decap CMS.\n` });
    await db.posts.update(post.id, { publication: undefined });
    const outcome = await publishToWebsite(post.id, deps(repo2.backend, site));
    expect(outcome).toMatchObject({ ok: false, conflict: true });
    expect(repo2.files.get('content/posts/schedules.md')).toContain('Edited in Decap CMS.');
  });
});

describe('publishing an edit again', () => {
  it('keeps the date the website shows (the file’s publishedAt) and records the change in updatedAt', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    await publishToWebsite(post.id, deps(repo.backend));
    // Saving sets the post's own publishedAt and updatedAt to now (SPEC 4): the store keeps that.
    const saved = new Date('2025-06-10T09:30:00.000Z');
    await db.posts.update(post.id, { excerpt: 'Corrected', publishedAt: saved, updatedAt: saved });
    const later = new Date('2025-06-10T10:00:00.000Z');
    const outcome = await publishToWebsite(post.id, { ...deps(repo.backend), now: later });
    expect(outcome).toMatchObject({ ok: true });
    const { data } = readFrontMatter(repo.files.get('content/posts/visual-schedules.md')!);
    expect(new Date(data.publishedAt as string).toISOString()).toBe(at.toISOString());
    expect(new Date(data.updatedAt as string).toISOString()).toBe(saved.toISOString());
    const stored = (await db.posts.get(post.id))!;
    expect(stored.publishedAt).toEqual(saved);
    expect(stored.publication?.publishedAt).toBe(at.getTime());
  });

  it('keeps the build’s date of a site post', async () => {
    const original = '---\ntitle: Visual Schedules\n---\n\nBuilt.\n';
    const repo = memoryRepo({ 'content/posts/schedules.md': original });
    const built = Date.parse('2024-03-01T00:00:00.000Z');
    const post = await addPost({ updatedAt: new Date('2025-06-01') });
    const site: SiteContext = {
      sitePosts: new Map([
        [
          post.id,
          {
            source: { file: 'schedules.md', sha256: await sha256Hex(original) },
            changed: true,
            publishedAt: built,
          },
        ],
      ]),
      builtSlugs: new Map([['visual-schedules', 'schedules.md']]),
      builtFiles: new Map([['schedules.md', await sha256Hex(original)]]),
    };
    expect(await publishToWebsite(post.id, deps(repo.backend, site))).toMatchObject({ ok: true });
    const { data } = readFrontMatter(repo.files.get('content/posts/schedules.md')!);
    expect(new Date(data.publishedAt as string).getTime()).toBe(built);
  });

  it('takes a new date after the post was removed from the website', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    await publishToWebsite(post.id, deps(repo.backend));
    await removeFromWebsite(post.id, deps(repo.backend));
    const saved = new Date('2025-07-01T00:00:00.000Z');
    await db.posts.update(post.id, { publishedAt: saved, updatedAt: saved });
    await publishToWebsite(post.id, { ...deps(repo.backend), now: saved });
    const { data } = readFrontMatter(repo.files.get('content/posts/visual-schedules.md')!);
    expect(new Date(data.publishedAt as string).toISOString()).toBe(saved.toISOString());
  });
});

describe('the outcome of a publish or removal', () => {
  it('names a first publish and an edit apart in the commit message', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    await publishToWebsite(post.id, deps(repo.backend));
    await db.posts.update(post.id, { excerpt: 'Corrected', updatedAt: new Date('2025-05-07') });
    await publishToWebsite(post.id, deps(repo.backend));
    await removeFromWebsite(post.id, deps(repo.backend));
    expect(repo.messages).toEqual([
      'Publish post visual-schedules (admin, Publish to website)',
      'Update post visual-schedules (admin, Publish to website)',
      'Remove post visual-schedules (admin, Remove from website)',
    ]);
  });

  it('marks a conflict the backend reports as one', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    repo.failNext(new PublishError('conflict', 'changed meanwhile. The post in this browser is unchanged.'));
    expect(await publishToWebsite(post.id, deps(repo.backend))).toMatchObject({
      ok: false,
      conflict: true,
      code: 'conflict',
    });
    expect(await db.posts.get(post.id)).toEqual(post);
  });

  it('marks a conflict the backend reports on removal as one, and keeps the record', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    await publishToWebsite(post.id, deps(repo.backend));
    const published = await db.posts.get(post.id);
    repo.failNext(new PublishError('conflict', 'changed meanwhile. The post in this browser is unchanged.'));
    expect(await removeFromWebsite(post.id, deps(repo.backend))).toMatchObject({
      ok: false,
      conflict: true,
      code: 'conflict',
    });
    expect(await db.posts.get(post.id)).toEqual(published);
  });

  it('says the outcome was not recorded when the post was deleted meanwhile, and never brings it back', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    const write = repo.backend.writeFile.bind(repo.backend);
    repo.backend.writeFile = async (...args) => {
      await db.posts.delete(post.id);
      return write(...args);
    };
    const outcome = await publishToWebsite(post.id, deps(repo.backend));
    expect(outcome).toMatchObject({
      ok: true,
      recorded: false,
      post: { publication: { state: 'published' } },
    });
    expect(await db.posts.get(post.id)).toBeUndefined();
  });

  it('records a removal without a commit when the file is already gone from the repository', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    await publishToWebsite(post.id, deps(repo.backend));
    repo.files.clear();
    const outcome = await removeFromWebsite(post.id, deps(repo.backend));
    expect(outcome).toMatchObject({ ok: true, recorded: true, commit: { committed: false } });
    expect(repo.calls).not.toContain('delete content/posts/visual-schedules.md');
    expect((await db.posts.get(post.id))!.publication).toMatchObject({ state: 'removed', committed: false });
  });
});

describe('dateOnWebsite', () => {
  const now = at.getTime();
  const post = (publication?: Publication) => ({ publishedAt: at, publication }) as unknown as Post;
  const built = (publishedAt: number) => ({
    source: { file: 'a.md', sha256: '' },
    changed: true,
    publishedAt,
  });
  const published = (fields: Partial<Publication>): Publication => ({
    file: 'a.md',
    state: 'published',
    postUpdatedAt: 0,
    at,
    committed: true,
    ...fields,
  });

  it('is the date the website shows, up to and including now', () => {
    expect(dateOnWebsite(post(published({ publishedAt: now })), undefined, now)).toBe(now);
    expect(dateOnWebsite(post(published({ publishedAt: now - 1, publishAt: now })), undefined, now)).toBe(
      now,
    );
    expect(dateOnWebsite(post(), built(now - 5), now)).toBe(now - 5);
  });

  it('is none while a publish is still scheduled ahead, or after a removal', () => {
    expect(dateOnWebsite(post(published({ publishedAt: now + 1 })), undefined, now)).toBeUndefined();
    expect(dateOnWebsite(post(published({ publishAt: now + 1 })), built(now - 5), now)).toBeUndefined();
    expect(dateOnWebsite(post(published({ state: 'removed' })), built(now - 5), now)).toBeUndefined();
  });
});

describe('where a post stands, in plain words', () => {
  const site = (files: Record<string, string> = {}): SiteContext => ({
    ...noSite,
    builtFiles: new Map(Object.entries(files)),
  });

  it('says “On the website” only once the build holds the very file this browser published', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    expect(postStanding(post, site(), at.getTime()).label).toBe('Not on the website yet');
    await publishToWebsite(post.id, deps(repo.backend));
    const stored = (await db.posts.get(post.id))!;
    const text = repo.files.get('content/posts/visual-schedules.md')!;
    expect(postStanding(stored, site(), at.getTime()).standing).toBe('sent');
    expect(postStanding(stored, undefined, at.getTime()).standing).toBe('sent');
    expect(
      postStanding(stored, site({ 'visual-schedules.md': 'an older build' }), at.getTime()).standing,
    ).toBe('sent');
    const built = site({ 'visual-schedules.md': await sha256Hex(text) });
    expect(postStanding(stored, built, at.getTime())).toMatchObject({
      standing: 'on-website',
      label: 'On the website',
      visitorsSeeIt: true,
    });
    const edited = { ...stored, updatedAt: new Date(at.getTime() + 1) };
    expect(postStanding(edited, built, at.getTime()).label).toBe(
      'On the website; your latest changes are not on it yet',
    );
  });

  it('says a file written in the project folder is not on the website yet', async () => {
    const post = await addPost({
      publication: {
        file: 'x.md',
        state: 'published',
        sha256: 'a',
        postUpdatedAt: at.getTime(),
        at,
        committed: false,
      },
    });
    // Even when the build holds that very text: a file of the working copy is not the website's.
    expect(postStanding(post, site({ 'x.md': 'a' }), at.getTime()).standing).toBe('written-locally');
    expect(postStanding(post, site(), at.getTime())).toMatchObject({
      standing: 'written-locally',
      visitorsSeeIt: false,
    });
    // An earlier version of the file is still on the website until the next build.
    expect(postStanding(post, site({ 'x.md': 'older' }), at.getTime()).visitorsSeeIt).toBe(true);
  });

  it('tells a draft, a draft the website still shows, a scheduled post and a pending removal apart', async () => {
    const draft = await addPost({ isDraft: 1 });
    expect(postStanding(draft, site(), at.getTime())).toMatchObject({
      standing: 'draft',
      label: 'Draft: only you can see it',
    });
    const sitePost: SitePost = { source: { file: 'visual-schedules.md' }, changed: true };
    const withSite = { ...site(), sitePosts: new Map([[draft.id, sitePost]]) };
    expect(postStanding(draft, withSite, at.getTime()).standing).toBe('draft-on-website');

    const monday = new Date(at.getTime() + 86_400_000);
    const scheduled = await addPost({
      slug: 'later',
      publication: {
        file: 'later.md',
        state: 'published',
        sha256: 'b',
        postUpdatedAt: at.getTime(),
        at,
        committed: true,
        publishAt: monday.getTime(),
      },
    });
    expect(postStanding(scheduled, site(), at.getTime()).label).toBe(scheduledText(monday));

    const removed = await addPost({
      slug: 'gone',
      publication: { file: 'gone.md', state: 'removed', postUpdatedAt: at.getTime(), at, committed: true },
    });
    expect(postStanding(removed, site({ 'gone.md': 'c' }), at.getTime())).toMatchObject({
      standing: 'removal-pending',
      visitorsSeeIt: true,
    });
    // Once the build no longer has it: said as a removal, not as a post never published ("yet").
    expect(postStanding(removed, site(), at.getTime())).toMatchObject({
      standing: 'removed',
      label: 'Taken off the website',
      visitorsSeeIt: false,
    });
  });
});

describe('where a post stands: the cases between', () => {
  const site = (files: Record<string, string | undefined> = {}, sitePosts = new Map<number, SitePost>()) => ({
    ...noSite,
    sitePosts,
    builtFiles: new Map(Object.entries(files)),
  });
  const publication = (fields: Partial<Publication> = {}): Publication => ({
    file: 'visual-schedules.md',
    state: 'published',
    sha256: 'a',
    postUpdatedAt: at.getTime(),
    at,
    committed: true,
    ...fields,
  });
  const now = at.getTime();

  it('counts a draft as on the website only while the build has the file it was committed or removed as', async () => {
    const written = await addPost({ isDraft: 1, publication: publication({ committed: false }) });
    expect(postStanding(written, site({ 'visual-schedules.md': 'a' }), now).standing).toBe('draft');
    const removed = await addPost({
      slug: 'other',
      isDraft: 1,
      publication: publication({ state: 'removed' }),
    });
    expect(postStanding(removed, site({ 'visual-schedules.md': 'old' }), now).standing).toBe(
      'draft-on-website',
    );
    expect(postStanding(removed, site(), now).standing).toBe('draft');
  });

  it('never counts a record without its SHA-256 as built', async () => {
    const post = await addPost({ publication: publication({ sha256: undefined }) });
    expect(postStanding(post, site({ 'visual-schedules.md': undefined }), now).standing).toBe('sent');
    expect(postStanding(post, site(), now).standing).toBe('sent');
  });

  it('says visitors still see the earlier version of a post changed since it was sent', async () => {
    const post = await addPost({ publication: publication({ sha256: 'new', postUpdatedAt: now - 1 }) });
    expect(postStanding(post, site({ 'visual-schedules.md': 'old' }), now)).toMatchObject({
      standing: 'changed-since-sent',
      visitorsSeeIt: true,
    });
    expect(postStanding(post, site(), now)).toMatchObject({
      standing: 'changed-since-sent',
      visitorsSeeIt: false,
    });
  });

  it('tells a site post saved here since from one as the website shows it', async () => {
    const post = await addPost();
    const sitePost = (changed: boolean): SitePost => ({ source: { file: 'visual-schedules.md' }, changed });
    expect(postStanding(post, site({}, new Map([[post.id, sitePost(true)]])), now).standing).toBe('changed');
    expect(postStanding(post, site({}, new Map([[post.id, sitePost(false)]])), now).standing).toBe(
      'on-website',
    );
  });

  it('offers no removal for a post only in this browser', async () => {
    const post = await addPost();
    expect(websiteActions(post, 'browser-only')).toEqual({ publish: true, remove: false });
    expect(websiteActions(post, 'changed')).toEqual({ publish: true, remove: true });
  });
});

describe('loadSiteContext', () => {
  const manifest = {
    version: 1,
    revision: 'r',
    posts: [
      {
        slug: 'visual-schedules',
        title: 'Visual Schedules',
        excerpt: 'x',
        content: '<p>x</p>',
        tags: [],
        author: 'Admin',
        publishedAt: at.toISOString(),
        updatedAt: at.toISOString(),
        isDraft: false,
        revision: 'p',
        source: { file: 'schedules.md', sha256: 'abc' },
      },
    ],
  };

  it("reads the build's manifest afresh, never from the browser's cache", async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const fetchFn = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify(manifest), { status: 200 });
    }) as typeof fetch;
    const context = await loadSiteContext([], fetchFn);
    expect(calls).toEqual([['/blog/manifest.json', expect.objectContaining({ cache: 'no-cache' })]]);
    expect(context.builtSlugs).toEqual(new Map([['visual-schedules', 'schedules.md']]));
    expect(context.builtFiles).toEqual(new Map([['schedules.md', 'abc']]));
  });

  it('takes nothing from an error answer, even one that looks like a manifest', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const fetchFn = (async () => new Response(JSON.stringify(manifest), { status: 500 })) as typeof fetch;
      const context = await loadSiteContext([], fetchFn);
      expect(context.builtSlugs.size).toBe(0);
      expect(context.builtFiles.size).toBe(0);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('removing a post from the website', () => {
  it('deletes the published file in one commit and keeps the post in this browser', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    await publishToWebsite(post.id, deps(repo.backend));
    const outcome = await removeFromWebsite(post.id, deps(repo.backend));
    expect(outcome).toMatchObject({ ok: true, file: 'visual-schedules.md', commit: { sha: 'fed4321' } });
    expect(repo.files.size).toBe(0);
    const stored = (await db.posts.get(post.id))!;
    expect(stored.publication).toMatchObject({ state: 'removed', file: 'visual-schedules.md' });
    expect(websiteState(stored, undefined)).toBe('browser-only');
  });

  it('refuses when the file changed in the repository, and deletes nothing', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    await publishToWebsite(post.id, deps(repo.backend));
    repo.files.set('content/posts/visual-schedules.md', 'changed');
    const outcome = await removeFromWebsite(post.id, deps(repo.backend));
    expect(outcome).toMatchObject({ ok: false, conflict: true });
    expect(repo.files.get('content/posts/visual-schedules.md')).toBe('changed');
  });

  it('has nothing to remove for a post only in this browser', async () => {
    const repo = memoryRepo();
    const post = await addPost();
    expect(await removeFromWebsite(post.id, deps(repo.backend))).toMatchObject({ ok: false });
    expect(repo.calls).toEqual([]);
  });
});
