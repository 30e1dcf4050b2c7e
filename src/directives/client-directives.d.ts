// Lets .astro files type-check the site's directives (src/directives/interact.ts, browser-posts.ts).
declare namespace Astro {
  interface ClientDirectives {
    /** 'browser-posts': also hydrate at once where the admin's posts are kept (interact.ts). */
    'client:interact'?: boolean | 'browser-posts';
    'client:browser-posts'?: boolean;
  }
}
