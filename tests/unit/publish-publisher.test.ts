// "Publish to website" and "Remove from website" (src/lib/publish/publisher.ts) on an in-memory
// repository behind the PublishBackend interface and a real (fake-indexeddb) BlogDatabase: what is
// written, what is remembered on the post, and every refusal that keeps both versions as they were.
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postToMarkdown } from '@/lib/admin/markdown';
import type { SitePost } from '@/lib/admin/site-posts';
import { createDatabase, type AppDatabase, type Post } from '@/lib/db';
import { PublishError, sha256Hex, type PublishBackend } from '@/lib/publish/backend';
import { scheduledText } from '@/lib/site/dates';
import {
  WEBSITE_STATE_TEXT,
  scheduledFor,
  websiteActions,
  websiteState,
  type SiteContext,
} from '@/lib/publish/publish-state';
import { publishToWebsite, removeFromWebsite } from '@/lib/publish/publisher';

let db: AppDatabase;

/** A repository in memory; `fail` makes the next call throw like a backend does. */
function memoryRepo(initial: Record<string, string> = {}) {
  const files = new Map(Object.entries(initial));
  const calls: string[] = [];
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
    async writeFile(path, text, { expectedVersion }) {
      calls.push(`write ${path}`);
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
    async deleteFile(path) {
      calls.push(`delete ${path}`);
      if (fail) throw fail;
      files.delete(path);
      return { sha: 'fed4321', committed: true };
    },
  };
  return { files, calls, backend, failNext: (error: PublishError) => (fail = error) };
}

const noSite: SiteContext = { sitePosts: new Map(), builtSlugs: new Map() };
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
      at,
      committed: true,
      commit: { sha: 'abc1234def', url: 'https://github.com/o/r/commit/abc1234def' },
    });
    expect(websiteState(stored, undefined)).toBe('on-website');
    expect(websiteActions(stored, 'on-website')).toEqual({ publish: false, remove: true });
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
      'Scheduled for Monday, December 8, 8:00 a.m.',
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
    expect(WEBSITE_STATE_TEXT.changed).toBe('On the website, changed here since');
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
    };
    const outcome = await publishToWebsite(post.id, deps(repo.backend, site));
    expect(!outcome.ok && outcome.error).toMatch(
      /content\/posts\/schedules-2024.md\) already has the address \/blog\/visual-schedules/,
    );
    expect(repo.calls).toEqual([]);
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
