// Hydrated only in a browser that keeps the admin's posts (client:browser-posts): lays them over the
// home page's Latest Insights cards (LatestPosts.astro). Renders nothing of its own.
import { useEffect } from 'react';
import { showLatestBrowserPosts } from './latest-browser';

export default function LatestBrowserPosts() {
  useEffect(() => {
    const host = document.querySelector<HTMLElement>('[data-latest-posts]');
    if (!host) return;
    showLatestBrowserPosts(host).catch((error: unknown) =>
      console.error('[blog] Could not show the stored posts:', error),
    );
  }, []);
  return null;
}
