// Lays the posts the admin keeps in this browser over the home page's Latest Insights cards
// (LatestPosts.astro). Loaded only in a browser that holds such posts.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { LATEST_POSTS_COUNT } from '@/lib/blog/posts';
import { loadBlogPosts } from './load-posts';
import { BlogEmptyState, PostList } from '@/components/react/PostList';

export async function showLatestBrowserPosts(host: HTMLElement): Promise<void> {
  const { posts, changed } = await loadBlogPosts();
  const latest = posts.slice(0, LATEST_POSTS_COUNT);
  if (!changed) return;
  // Rendered aside first and swapped in whole, so the cards never blink empty.
  const next = document.createElement('div');
  const root = createRoot(next);
  flushSync(() =>
    root.render(
      <ErrorBoundary>
        {latest.length > 0 ? (
          <PostList posts={latest} featureFirst headingLevel={3} layout="latest" />
        ) : (
          <BlogEmptyState kind="noPosts" headingLevel={3} />
        )}
      </ErrorBoundary>,
    ),
  );
  host.replaceChildren(next);
}
