// Lets .astro files type-check `client:interact` (src/directives/interact.ts).
declare namespace Astro {
  interface ClientDirectives {
    'client:interact'?: boolean;
  }
}
