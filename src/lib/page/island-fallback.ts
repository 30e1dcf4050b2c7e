// A button in a client:interact island can name the part of the page that does its job in plain
// HTML. When the island's code cannot be downloaded (offline, before it was ever used), a press on
// the button moves focus there (src/directives/interact.ts) instead of only saying it failed.
export const FALLBACK_TARGET_ATTRIBUTE = 'data-fallback-target';
