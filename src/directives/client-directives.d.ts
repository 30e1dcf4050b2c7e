// Lets .astro files type-check the site's directives (src/directives/interact.ts, browser-posts.ts).
declare namespace Astro {
  interface ClientDirectives {
    'client:interact'?: boolean;
    'client:browser-posts'?: boolean;
  }
}
