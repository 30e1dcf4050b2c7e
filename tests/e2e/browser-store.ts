// Writes posts straight into the browser's store, as the admin would have left them.
import type { Page } from '@playwright/test';
import { openBlankSitePage } from './fixtures';

export interface StoredPost {
  /** The store's key; the seed record gives the seeded slugs 1000, 1001, ... in order. */
  id?: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  tags: string[];
  isDraft: 0 | 1;
  author?: string;
  publishedAt: string;
  updatedAt?: string;
  featuredImage?: string;
  /** Where "Publish to website" left it (src/lib/db.ts, Publication). */
  publication?: Record<string, unknown>;
}

/**
 * Writes posts into this origin's BlogDatabase the way the admin's store keeps them (Dexie stores
 * version 42 as IndexedDB version 420) and sets the flags the admin's seeding sets.
 */
export async function putBrowserPosts(page: Page, posts: StoredPost[], seededSlugs: string[] = []) {
  await openBlankSitePage(page);
  await page.evaluate(
    async ({ posts, seededSlugs }) => {
      const request = indexedDB.open('BlogDatabase', 420);
      request.onupgradeneeded = () => {
        const db = request.result;
        const postStore = db.createObjectStore('posts', { keyPath: 'id', autoIncrement: true });
        postStore.createIndex('slug', 'slug', { unique: true });
        postStore.createIndex('isDraft', 'isDraft');
        postStore.createIndex('publishedAt', 'publishedAt');
        const users = db.createObjectStore('users', { keyPath: 'id', autoIncrement: true });
        users.createIndex('username', 'username', { unique: true });
        const sessions = db.createObjectStore('sessions', { keyPath: 'id' });
        sessions.createIndex('userId', 'userId');
        sessions.createIndex('expiresAt', 'expiresAt');
        const registrations = db.createObjectStore('registrations', { keyPath: 'id', autoIncrement: true });
        for (const index of ['email', 'course', 'createdAt', 'status'])
          registrations.createIndex(index, index);
      };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const transaction = db.transaction('posts', 'readwrite');
      for (const post of posts) {
        transaction.objectStore('posts').add({
          author: 'Admin',
          ...post,
          publishedAt: new Date(post.publishedAt),
          updatedAt: new Date(post.updatedAt ?? post.publishedAt),
        });
      }
      await new Promise((resolve, reject) => {
        transaction.oncomplete = resolve;
        transaction.onerror = () => reject(transaction.error);
      });
      db.close();
      const seeded = Object.fromEntries(
        seededSlugs.map((slug, index) => [slug, { id: 1000 + index, revision: 'e2e', updatedAt: 0 }]),
      );
      localStorage.setItem('blog-seeded-posts', JSON.stringify({ revision: 'e2e', posts: seeded }));
      localStorage.setItem('blog-browser-posts', '1');
    },
    { posts, seededSlugs },
  );
}
