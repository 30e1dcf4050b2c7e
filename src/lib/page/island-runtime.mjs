// How a public page's island runtime, a file started after the largest paint (decision 0048), and
// the `client:interact` directive's press catcher speak: window events, named once here for the
// starter the build writes (src/integrations/html/script-priority-step.mjs) and the directive
// (src/directives/interact.ts).

/** Dispatched by the catcher when a visitor reaches for an island: start the page's scripts now. */
export const ISLANDS_WANTED_EVENT = 'islands:wanted';

/** Dispatched by the starter when the runtime's file could not be loaded (offline, say). */
export const ISLAND_RUNTIME_FAILED_EVENT = 'islands:runtime-failed';
