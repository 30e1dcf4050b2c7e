import type { ClientDirective } from 'astro';
import { hasBrowserPosts } from '../lib/store/browser-posts-flag';

/**
 * `client:browser-posts` hydrates an island only in a browser that keeps the admin's posts
 * (src/lib/store/browser-posts-flag.ts). Every other visitor downloads nothing for it; the check runs
 * inline, with no request at all.
 */
const browserPostsDirective: ClientDirective = async (load) => {
  if (!hasBrowserPosts()) return;
  const hydrate = await load();
  await hydrate();
};

export default browserPostsDirective;
