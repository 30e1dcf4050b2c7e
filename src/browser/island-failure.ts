// When an island's code cannot be downloaded (offline, before it was ever used), Astro reports it
// with an 'astro:hydration-error' event and the island stays inert. Say so under the island, once,
// instead of leaving a button that does nothing; src/directives/interact.ts removes the message
// when a later press loads the island after all. An island whose button has a stand-in (the header's
// Menu) says nothing: a press takes the visitor to the stand-in, which needs no explaining.
import { FALLBACK_TARGET_ATTRIBUTE } from '@/lib/page/island-fallback';

const ISLAND_FAILED_TEXT =
  'This part of the page could not load. Please check your connection and try again. Nothing you typed is lost.';

/** Long enough for the accessibility tree to have the empty region before its text arrives. */
const FILL_AFTER_MS = 100;

export function initIslandFailureNotice(root: Document = document): void {
  root.addEventListener('astro:hydration-error', (event) => {
    const island = event.target;
    if (!(island instanceof Element) || island.nextElementSibling?.classList.contains('island-failed'))
      return;
    if (island.querySelector(`[${FALLBACK_TARGET_ATTRIBUTE}]`)) return;
    const notice = root.createElement('p');
    notice.setAttribute('role', 'alert');
    notice.className = 'island-failed';
    island.after(notice);
    // Filled once it is in the page: screen readers announce a change to an alert region, while one
    // inserted with its text already in it may go unsaid (a spoken-output test heard nothing).
    setTimeout(() => (notice.textContent = ISLAND_FAILED_TEXT), FILL_AFTER_MS);
  });
}
