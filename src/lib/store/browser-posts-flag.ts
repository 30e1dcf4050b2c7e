// Whether this browser holds a post store (the admin has used it here). Public pages read this one
// localStorage key before anything else, so a visitor who never used the admin downloads no database
// code and no React for the blog lists. Kept free of imports: it is part of the page-load script.

export const BROWSER_POSTS_KEY = 'blog-browser-posts';
/**
 * Set on <html> by the layout's head script when this browser holds posts. The client directives
 * (src/directives/browser-posts.ts, interact.ts) read it, inline, so deciding costs no request.
 */
export const BROWSER_POSTS_ATTRIBUTE = 'data-browser-posts';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage blocked by the browser's settings
  }
}

export function hasBrowserPosts(): boolean {
  try {
    return storage()?.getItem(BROWSER_POSTS_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Marks this browser as holding posts. ensureSeeded() does it; the admin may call it after any
 * create, update or delete, so public pages show the change even if seeding never completed.
 */
export function markBrowserPosts(): void {
  try {
    storage()?.setItem(BROWSER_POSTS_KEY, '1');
  } catch {
    // Without storage the admin's posts cannot be kept either; nothing to mark.
  }
}

/** For the layout's inline head script: marks <html> before the page scripts run. */
export function browserPostsHeadScript(): string {
  return `(function(){var BROWSER_POSTS_KEY=${JSON.stringify(BROWSER_POSTS_KEY)};
var storage=${storage.toString()};
var hasBrowserPosts=${hasBrowserPosts.toString()};
if(hasBrowserPosts())document.documentElement.setAttribute(${JSON.stringify(BROWSER_POSTS_ATTRIBUTE)},'');})();`;
}
