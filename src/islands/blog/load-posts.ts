// The posts the blog's islands show: the build's card list (/blog/posts.json) and, only in a browser
// whose admin keeps posts here, those posts laid over it. The database code is a separate chunk that
// other visitors never download.
import {
  differsFromBuilt,
  mergeBrowserPosts,
  POST_INDEX_URL,
  type CardPost,
  type PostIndex,
} from '@/lib/blog/posts';
import { hasBrowserPosts } from '@/lib/store/browser-posts-flag';

export interface LoadedPosts {
  /** Every published post this browser shows, newest first. */
  posts: CardPost[];
  /** True when that differs from the list the build rendered (the admin's posts are in it). */
  changed: boolean;
}

export type PostLoader = () => Promise<LoadedPosts>;

async function fetchBuiltPosts(): Promise<CardPost[]> {
  const response = await fetch(POST_INDEX_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${POST_INDEX_URL} answered ${response.status}`);
  const index = (await response.json()) as PostIndex;
  if (!Array.isArray(index.posts)) throw new Error(`${POST_INDEX_URL} has no post list`);
  return index.posts;
}

/** Throws only when the build's list cannot be fetched; a failing browser store is logged and skipped. */
export const loadBlogPosts: PostLoader = async () => {
  const built = await fetchBuiltPosts();
  if (!hasBrowserPosts()) return { posts: built, changed: false };
  const { readBrowserPosts } = await import('@/lib/store/browser-posts');
  const browser = await readBrowserPosts();
  if (!browser) return { posts: built, changed: false };
  const posts = mergeBrowserPosts(built, browser);
  return { posts, changed: differsFromBuilt(posts, built) };
};
