/**
 * The product's one in-browser database (SPEC 3 and 7): IndexedDB through Dexie, named
 * 'BlogDatabase' at version 42, with the tables posts, users, sessions and registrations.
 *
 * Every feature (blog, admin, course registration) opens it through `getDb()` so there is a single
 * connection and a single schema. Storage is not guaranteed in a browser: private windows, blocked
 * storage settings, a full disk or another tab holding an older version can all make IndexedDB
 * unusable. Callers therefore go through `runDbOperation()` (or check `checkDatabaseAvailability()`
 * first), which logs the failure with console.error and reports it instead of throwing.
 *
 * Changing the schema: add a new `db.version(43).stores({...})` call below the existing one and keep
 * version 42 as it is, so visitors with stored data are upgraded rather than broken.
 */
import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie';
import type { RegistrationDetails } from '@/lib/validation/registration';

export const DATABASE_NAME = 'BlogDatabase';
export const DATABASE_VERSION = 42;

/**
 * Dexie store definitions: the first entry is the primary key ('++' auto-increments), '&' marks a
 * unique index, and the other names are plain indexes. Only indexed fields can be queried with
 * `where()`; the other record fields are stored without being listed here.
 */
export const DATABASE_STORES = {
  posts: '++id, &slug, isDraft, publishedAt',
  users: '++id, &username',
  sessions: 'id, userId, expiresAt',
  registrations: '++id, email, course, createdAt, status',
} as const;

/**
 * IndexedDB cannot index booleans, so a post's draft flag is stored as a number.
 * Query published posts with `db.posts.where('isDraft').equals(PUBLISHED)`.
 */
export const PUBLISHED = 0;
export const DRAFT = 1;
export type DraftFlag = typeof PUBLISHED | typeof DRAFT;

/** A blog post. `content` is an HTML string from the admin editor. */
export interface Post {
  id: number;
  slug: string;
  /** 0 = published, 1 = draft (see PUBLISHED / DRAFT). */
  isDraft: DraftFlag;
  title: string;
  excerpt: string;
  content: string;
  featuredImage?: string;
  tags: string[];
  author: string;
  publishedAt: Date;
  updatedAt: Date;
  /**
   * Where "Publish to website" last left the post (src/lib/publish). A plain field, not an index:
   * Dexie stores every field of a record, and only indexes belong in DATABASE_STORES, so version 42
   * and its four tables stay exactly as the spec fixes them. It lives and goes with its post.
   */
  publication?: Publication;
  /**
   * The post's own pictures, from the admin's computer (issue 35, decision 0027): local name
   * ('chart.webp') -> the picture as a data: address. The content names each as './images/<name>'.
   * A plain field like `publication`: no index, no new table, version 42 unchanged.
   */
  pictures?: Record<string, string>;
}

/** The post's file in the repository as this browser last published or removed it. */
export interface Publication {
  /** The file name in content/posts ('visual-schedules.md'); it never changes once published. */
  file: string;
  /** 'published': the file holds this post as of `postUpdatedAt`; 'removed': this browser deleted it. */
  state: 'published' | 'removed';
  /** SHA-256 of the file's text as written (absent once removed): a later publish refuses if it differs. */
  sha256?: string;
  /** The post's updatedAt (ms) that was published: a later save shows as "changed here since". */
  postUpdatedAt: number;
  /** When, and the commit (its id and web page where the git host has one). */
  at: Date;
  commit?: { sha?: string; url?: string };
  /** true: a commit on the deployed branch; false: a file written in a working copy (decap-server fs mode). */
  committed: boolean;
  /**
   * Published for a later moment (ms): the file's publishedAt, which schedules the post (issue 30).
   * The post's own publishedAt keeps its meaning (when it was saved).
   */
  publishAt?: number;
  /**
   * The file's publishedAt (ms) as written: the date visitors see. Publishing an edit keeps it, so a
   * corrected post keeps its place in the blog; the post's own publishedAt keeps the spec's meaning.
   */
  publishedAt?: number;
}

/** A complete post as the rest of the code speaks of it: the draft flag a boolean, no id yet. */
export type PostFields = Omit<Post, 'id' | 'isDraft' | 'featuredImage'> & {
  isDraft: boolean;
  featuredImage?: string | undefined;
};

/** The `posts` row for a complete post (Dexie gives the id). Only the table's fields are copied. */
export function toStoredPost(post: PostFields): Omit<Post, 'id'> {
  const record: Omit<Post, 'id'> = {
    slug: post.slug,
    isDraft: post.isDraft ? DRAFT : PUBLISHED,
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    tags: post.tags,
    author: post.author,
    publishedAt: post.publishedAt,
    updatedAt: post.updatedAt,
  };
  if (post.featuredImage) record.featuredImage = post.featuredImage;
  return record;
}

/**
 * The admin account. `passwordHash` is 64 hex characters: PBKDF2 of the password's hex SHA-256 with
 * the build's salt (src/lib/auth/admin-account.ts; docs/spec-interpretations.md).
 */
export interface User {
  id: number;
  username: string;
  passwordHash: string;
  role: string;
}

/** A signed-in session; `id` is a uuid (crypto.randomUUID()) chosen by the caller. */
export interface Session {
  id: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
}

/** Saved registrations are always 'pending'; no other status is defined yet (SPEC 4). */
export type RegistrationStatus = 'pending';

/** A course registration, saved locally before it is sent to the form service. */
export interface Registration extends RegistrationDetails {
  id: number;
  createdAt: Date;
  status: RegistrationStatus;
}

export type AppDatabase = Dexie & {
  /** Auto-numbered: omit `id` when adding. */
  posts: EntityTable<Post, 'id'>;
  /** Auto-numbered: omit `id` when adding. */
  users: EntityTable<User, 'id'>;
  /** Keyed by the session's uuid, which the caller supplies. */
  sessions: Table<Session, string>;
  /** Auto-numbered: omit `id` when adding. */
  registrations: EntityTable<Registration, 'id'>;
};

/**
 * A new, unopened database object. The app uses `getDb()`; this exists for tests and tools that
 * need their own instance (for example with another `indexedDB` implementation in `options`).
 */
export function createDatabase(options?: DexieOptions): AppDatabase {
  const db = new Dexie(DATABASE_NAME, options) as AppDatabase;
  db.version(DATABASE_VERSION).stores(DATABASE_STORES);
  return db;
}

let sharedDb: AppDatabase | undefined;

/**
 * The shared database, created on first use (never at import time, so server rendering and pages
 * that never touch storage do not open IndexedDB). Dexie opens the connection on the first query.
 */
export function getDb(): AppDatabase {
  sharedDb ??= createDatabase();
  return sharedDb;
}

/** Closes the shared connection; the next `getDb()` starts a fresh one. */
export function closeDb(): void {
  sharedDb?.close();
  sharedDb = undefined;
}

export type DatabaseUnavailableReason =
  /** No IndexedDB, or the browser refuses it (private mode, storage disabled in settings). */
  | 'unsupported'
  /** The disk quota is exhausted. */
  | 'quota'
  /** Another tab keeps an older version open, or the browser did not answer in time. */
  | 'blocked'
  /** Any other failure (corrupt store, newer version on disk, ...). */
  | 'failed';

export type DatabaseAvailability =
  { usable: true } | { usable: false; reason: DatabaseUnavailableReason; error: unknown };

/** How long a database call may take before it is reported as blocked. */
export const DEFAULT_DB_TIMEOUT_MS = 5000;

class DatabaseTimeoutError extends Error {
  override name = 'DatabaseTimeoutError';
}

/** Dexie wraps the browser's error (OpenFailedError.inner); the original name says what happened. */
function errorNames(error: unknown): string[] {
  const names: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const { name, inner } = current as { name?: unknown; inner?: unknown };
    if (typeof name === 'string') names.push(name);
    current = inner;
  }
  return names;
}

export function classifyDatabaseError(error: unknown): DatabaseUnavailableReason {
  const names = errorNames(error);
  if (names.includes('QuotaExceededError')) return 'quota';
  if (names.includes('DatabaseTimeoutError') || names.includes('BlockedError')) return 'blocked';
  if (names.some((name) => ['MissingAPIError', 'InvalidStateError', 'SecurityError'].includes(name))) {
    return 'unsupported';
  }
  return 'failed';
}

/** `work`, or a DatabaseTimeoutError once `timeoutMs` have passed: a database call never hangs a page. */
export function withTimeout<T>(work: Promise<T>, timeoutMs: number, description: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new DatabaseTimeoutError(`${description} did not finish within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface DbOperationOptions {
  /** Which database to use; defaults to the shared one. */
  database?: () => AppDatabase;
  timeoutMs?: number;
}

export type DbResult<T> =
  { ok: true; value: T } | { ok: false; reason: DatabaseUnavailableReason; error: unknown };

/**
 * Runs one database call and never throws: a failure (including a database that cannot be opened
 * or does not answer within the timeout) is logged with console.error and returned as
 * `{ ok: false }`, so read paths can fall back to an empty list and write paths can carry on.
 *
 * @example
 * const result = await runDbOperation('list published posts', (db) =>
 *   db.posts.where('isDraft').equals(PUBLISHED).reverse().sortBy('publishedAt'),
 * );
 * const posts = result.ok ? result.value : [];
 */
export async function runDbOperation<T>(
  description: string,
  operation: (db: AppDatabase) => Promise<T>,
  { database = getDb, timeoutMs = DEFAULT_DB_TIMEOUT_MS }: DbOperationOptions = {},
): Promise<DbResult<T>> {
  try {
    const value = await withTimeout(
      Promise.resolve().then(() => operation(database())),
      timeoutMs,
      description,
    );
    return { ok: true, value };
  } catch (error) {
    const reason = classifyDatabaseError(error);
    console.error(`[db] ${description} failed (${reason}):`, error);
    return { ok: false, reason, error };
  }
}

/**
 * Tells whether IndexedDB can be used in this browser by opening the database. Never throws:
 * failures are logged and reported with a reason.
 */
export async function checkDatabaseAvailability(
  options: DbOperationOptions = {},
): Promise<DatabaseAvailability> {
  const result = await runDbOperation('open database', (db) => db.open(), options);
  return result.ok ? { usable: true } : { usable: false, reason: result.reason, error: result.error };
}
