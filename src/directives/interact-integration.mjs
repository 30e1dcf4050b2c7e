import { fileURLToPath } from 'node:url';

/**
 * Registers the site's client directives: `client:interact` (interact.ts) and
 * `client:browser-posts` (browser-posts.ts); each file says what it does and why.
 */
export function interactDirective() {
  return {
    name: 'client-interact-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interact',
          entrypoint: fileURLToPath(new URL('./interact.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'browser-posts',
          entrypoint: fileURLToPath(new URL('./browser-posts.ts', import.meta.url)),
        });
      },
    },
  };
}
