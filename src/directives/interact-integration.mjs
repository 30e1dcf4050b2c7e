import { fileURLToPath } from 'node:url';

/** Registers the `client:interact` directive (see interact.ts for what it does and why). */
export function interactDirective() {
  return {
    name: 'client-interact-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interact',
          entrypoint: fileURLToPath(new URL('./interact.ts', import.meta.url)),
        });
      },
    },
  };
}
