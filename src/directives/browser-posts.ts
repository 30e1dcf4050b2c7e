import type { ClientDirective } from 'astro';
import { BROWSER_POSTS_ATTRIBUTE } from '../lib/store/browser-posts-flag';

/**
 * `client:browser-posts` hydrates an island only in a browser that keeps the admin's posts: the
 * layout's head script sets data-browser-posts on <html> (src/lib/store/browser-posts-flag.ts). Every
 * other visitor downloads nothing for it; the check runs inline, with no request at all.
 */
const browserPostsDirective: ClientDirective = async (load) => {
  if (!document.documentElement.hasAttribute(BROWSER_POSTS_ATTRIBUTE)) return;
  const hydrate = await load();
  await hydrate();
};

export default browserPostsDirective;
