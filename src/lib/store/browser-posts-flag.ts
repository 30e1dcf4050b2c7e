// Whether this browser holds a post store (the admin has used it here). Public pages read this one
// localStorage key before they load anything for the admin's posts, so a visitor who never used the
// admin downloads no database code and no React for the blog lists. Kept free of imports: the client
// directives, inlined in every page, call it. It is read there, once Astro's island runtime calls
// them after the largest paint, not in the head script: a page's first storage read costs the parse
// before the first paint several milliseconds (lever 29, docs/performance.md).

export const BROWSER_POSTS_KEY = 'blog-browser-posts';

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
