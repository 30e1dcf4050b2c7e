// The posts the blog search looks through, loaded once the island hydrates: the build's list
// (/blog/posts.json) plus the posts the admin keeps in this browser (load-posts.ts).
import { useEffect, useState } from 'react';
import type { CardPost } from '@/lib/blog/posts';
import type { PostLoader } from './load-posts';

export type BlogPostsState =
  { status: 'loading' } | { status: 'ready'; posts: CardPost[]; changed: boolean } | { status: 'failed' };

export function useBlogPosts(load: PostLoader): BlogPostsState {
  const [data, setData] = useState<BlogPostsState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => live && setData({ status: 'ready', ...loaded }),
      (error: unknown) => {
        console.error('[blog] Could not load the post list:', error);
        if (live) setData({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [load]);
  return data;
}
