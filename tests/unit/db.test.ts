// The shared browser database, on fake-indexeddb (loaded by tests/unit/setup.ts).
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DATABASE_NAME,
  DATABASE_VERSION,
  DRAFT,
  PUBLISHED,
  type Post,
  checkDatabaseAvailability,
  classifyDatabaseError,
  closeDb,
  createDatabase,
  getDb,
  runDbOperation,
} from '@/lib/db';

/** An IndexedDB whose open() fails the way private windows and blocked storage do. */
function refusingIndexedDb(errorName: string, { async = false } = {}): IDBFactory {
  return {
    open() {
      const error = new DOMException(`open refused (${errorName})`, errorName);
      if (!async) throw error;
      const request: Partial<IDBOpenDBRequest> = {};
      setTimeout(() =>
        request.onerror?.call(
          request as IDBOpenDBRequest,
          {
            target: { error },
            preventDefault() {},
            stopPropagation() {},
          } as unknown as Event,
        ),
      );
      return request as IDBOpenDBRequest;
    },
  } as unknown as IDBFactory;
}

/** An IndexedDB that never answers, as when another tab blocks the upgrade. */
const silentIndexedDb = { open: () => ({}) } as unknown as IDBFactory;

function post(overrides: Partial<Post> = {}): Omit<Post, 'id'> {
  const when = new Date('2025-01-05T12:00:00Z');
  return {
    slug: 'first-post',
    isDraft: PUBLISHED,
    title: 'First post',
    excerpt: 'An excerpt',
    content: '<p>Hello</p>',
    tags: ['news'],
    author: 'Admin',
    publishedAt: when,
    updatedAt: when,
    ...overrides,
  };
}

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  closeDb();
  await Dexie.delete(DATABASE_NAME);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  closeDb();
  vi.restoreAllMocks();
});

describe('database schema', () => {
  it('is BlogDatabase version 42 with the four tables and their indexes', async () => {
    const db = getDb();
    await db.open();
    expect(db.name).toBe('BlogDatabase');
    expect(db.verno).toBe(42);
    expect(DATABASE_VERSION).toBe(42);

    const indexes = Object.fromEntries(
      db.tables.map((table) => [
        table.name,
        {
          primaryKey: table.schema.primKey.src,
          indexes: table.schema.indexes.map((index) => index.src).sort(),
        },
      ]),
    );
    expect(indexes).toEqual({
      posts: { primaryKey: '++id', indexes: ['&slug', 'isDraft', 'publishedAt'] },
      users: { primaryKey: '++id', indexes: ['&username'] },
      sessions: { primaryKey: 'id', indexes: ['expiresAt', 'userId'] },
      registrations: { primaryKey: '++id', indexes: ['course', 'createdAt', 'email', 'status'] },
    });
  });

  it('creates the shared database lazily, once, and starts a new one after closeDb()', () => {
    const first = getDb();
    expect(getDb()).toBe(first);
    expect(first.isOpen()).toBe(false); // nothing is opened until the first query
    closeDb();
    expect(getDb()).not.toBe(first);
  });
});

describe('tables', () => {
  it('numbers posts, keeps slugs unique and finds published posts newest first', async () => {
    const db = getDb();
    const firstId = await db.posts.add(post());
    await db.posts.add(post({ slug: 'draft', isDraft: DRAFT, publishedAt: new Date('2025-03-01') }));
    await db.posts.add(post({ slug: 'newer', publishedAt: new Date('2025-02-01') }));
    expect(firstId).toBeTypeOf('number');

    await expect(db.posts.add(post())).rejects.toMatchObject({ name: 'ConstraintError' });

    const published = await db.posts.where('isDraft').equals(PUBLISHED).reverse().sortBy('publishedAt');
    expect(published.map((p) => p.slug)).toEqual(['newer', 'first-post']);
    expect((await db.posts.where('slug').equals('draft').first())?.isDraft).toBe(DRAFT);
    expect((await db.posts.get(firstId))?.publishedAt).toEqual(new Date('2025-01-05T12:00:00Z'));
  });

  it('finds users by their unique username', async () => {
    const db = getDb();
    await db.users.add({ username: 'admin', passwordHash: 'ab'.repeat(32), role: 'admin' });
    await expect(db.users.add({ username: 'admin', passwordHash: 'x', role: 'admin' })).rejects.toMatchObject(
      {
        name: 'ConstraintError',
      },
    );
    expect((await db.users.where('username').equals('admin').first())?.passwordHash).toBe('ab'.repeat(32));
  });

  it('keys sessions by their uuid', async () => {
    const db = getDb();
    const id = crypto.randomUUID();
    const createdAt = new Date();
    const expiresAt = new Date(createdAt.getTime() + 2 * 60 * 60 * 1000);
    await db.sessions.add({ id, userId: 1, createdAt, expiresAt });
    expect(await db.sessions.get(id)).toEqual({ id, userId: 1, createdAt, expiresAt });
    await db.sessions.delete(id);
    expect(await db.sessions.get(id)).toBeUndefined();
  });

  it('stores registrations with an auto id, searchable by e-mail and status', async () => {
    const db = getDb();
    const id = await db.registrations.add({
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '5551234567',
      educationLevel: 'masters',
      workExperience: 4,
      course: 'both',
      createdAt: new Date(),
      status: 'pending',
    });
    const stored = await db.registrations.where('email').equals('jane@example.com').toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id, status: 'pending', course: 'both' });
    expect(await db.registrations.where('status').equals('pending').count()).toBe(1);
  });
});

describe('runDbOperation', () => {
  it('returns the value of a successful call', async () => {
    const result = await runDbOperation('count posts', (db) => db.posts.count());
    expect(result).toEqual({ ok: true, value: 0 });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('logs and reports a failing call instead of throwing', async () => {
    const failure = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const result = await runDbOperation('save post', async () => {
      throw failure;
    });
    expect(result).toEqual({ ok: false, reason: 'quota', error: failure });
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('save post failed (quota)'), failure);
  });

  it('reports a call that never finishes as blocked', async () => {
    const result = await runDbOperation('list posts', (db) => db.posts.toArray(), {
      database: () => createDatabase({ indexedDB: silentIndexedDb }),
      timeoutMs: 30,
    });
    expect(result).toMatchObject({ ok: false, reason: 'blocked' });
    expect(consoleError).toHaveBeenCalledOnce();
  });

  it('reports a database that cannot even be created', async () => {
    const result = await runDbOperation('count posts', (db) => db.posts.count(), {
      database: () => {
        throw new Error('no database');
      },
    });
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
  });
});

describe('checkDatabaseAvailability', () => {
  it('says the database is usable when IndexedDB works', async () => {
    expect(await checkDatabaseAvailability()).toEqual({ usable: true });
  });

  it.each([
    ['there is no IndexedDB at all', () => createDatabase({ indexedDB: undefined }), 'unsupported'],
    [
      'storage is disabled',
      () => createDatabase({ indexedDB: refusingIndexedDb('SecurityError') }),
      'unsupported',
    ],
    [
      'a private window refuses the open request',
      () => createDatabase({ indexedDB: refusingIndexedDb('InvalidStateError', { async: true }) }),
      'unsupported',
    ],
    [
      'the disk is full',
      () => createDatabase({ indexedDB: refusingIndexedDb('QuotaExceededError') }),
      'quota',
    ],
    [
      'the open fails otherwise',
      () => createDatabase({ indexedDB: refusingIndexedDb('AbortError') }),
      'failed',
    ],
  ] as const)('reports it unusable, without throwing, when %s', async (_case, database, reason) => {
    const availability = await checkDatabaseAvailability({ database, timeoutMs: 1000 });
    expect(availability).toMatchObject({ usable: false, reason });
    expect(consoleError).toHaveBeenCalled();
  });

  it('reports a blocked open after the timeout', async () => {
    const availability = await checkDatabaseAvailability({
      database: () => createDatabase({ indexedDB: silentIndexedDb }),
      timeoutMs: 30,
    });
    expect(availability).toMatchObject({ usable: false, reason: 'blocked' });
  });
});

describe('classifyDatabaseError', () => {
  it('looks through Dexie’s wrapper at the browser’s error', () => {
    const wrapped = new Dexie.OpenFailedError(new DOMException('denied', 'SecurityError'));
    expect(classifyDatabaseError(wrapped)).toBe('unsupported');
    expect(classifyDatabaseError(new Dexie.MissingAPIError())).toBe('unsupported');
    expect(classifyDatabaseError('a string')).toBe('failed');
    expect(classifyDatabaseError(undefined)).toBe('failed');
  });
});
