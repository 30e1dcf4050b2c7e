// When an island's code cannot be downloaded (offline, before it was ever used), Astro reports it
// with an 'astro:hydration-error' event and the island stays inert. Say so under the island, in one
// notice, instead of leaving a button that does nothing; src/directives/interact.ts removes the
// message when a later press loads the island after all, and a later press that fails too checks
// again and says it again in the same notice. An island whose button has a stand-in (the header's
// Menu) says nothing: a press takes the visitor to the stand-in, which needs no explaining.
// A connection is not always the reason: on a static host a deploy removes the last build's files,
// so a page opened before it asks for code that is gone (404), and trying again never helps. The
// island's file is asked for once more to tell the two apart, and the notice says which.
import { FALLBACK_TARGET_ATTRIBUTE } from '@/lib/page/island-fallback';

const ISLAND_FAILED_TEXT =
  'This part of the page could not load. Please check your connection and try again. Nothing you typed is lost.';
const ISLAND_GONE_TEXT =
  'This part of the page could not load because the website was updated after you opened it. Please reload the page to use it (copy anything you typed here first).';

/** Which notice fits: the island's code is gone from the site (404), or it could not be reached. */
async function failureText(island: Element): Promise<string> {
  if (navigator.onLine === false) return ISLAND_FAILED_TEXT;
  const urls = ['component-url', 'renderer-url'].flatMap((name) => island.getAttribute(name) ?? []);
  const gone = async (url: string) =>
    (await fetch(url, { method: 'HEAD', cache: 'no-store' })).status === 404;
  try {
    return (await Promise.all(urls.map(gone))).some(Boolean) ? ISLAND_GONE_TEXT : ISLAND_FAILED_TEXT;
  } catch {
    return ISLAND_FAILED_TEXT;
  }
}

/** Long enough for the accessibility tree to have the empty region before its text arrives. */
const FILL_AFTER_MS = 100;

export { ISLAND_FAILED_TEXT, ISLAND_GONE_TEXT };

/** Notices being filled: the same failure reported again meanwhile is said by that filling. */
const filling = new WeakSet<Element>();

/**
 * Empties the notice, then fills it with what fits now: screen readers announce a change to an alert
 * region, while one inserted with its text already in it may go unsaid (a spoken-output test heard
 * nothing), and the same text put back into a region that still shows it is no change to say.
 */
function fill(notice: Element, island: Element): void {
  if (filling.has(notice)) return;
  filling.add(notice);
  notice.textContent = '';
  const inPage = new Promise((resolve) => setTimeout(resolve, FILL_AFTER_MS));
  void Promise.all([failureText(island), inPage]).then(([text]) => {
    notice.textContent = text;
    filling.delete(notice);
  });
}

export function initIslandFailureNotice(root: Document = document): void {
  root.addEventListener('astro:hydration-error', (event) => {
    const island = event.target;
    if (!(island instanceof Element)) return;
    if (island.querySelector(`[${FALLBACK_TARGET_ATTRIBUTE}]`)) return;
    const shown = island.nextElementSibling;
    if (shown?.classList.contains('island-failed')) {
      // Pressed again and failed again: checked again and said again, in the same notice.
      fill(shown, island);
      return;
    }
    const notice = root.createElement('p');
    notice.setAttribute('role', 'alert');
    notice.className = 'island-failed';
    island.after(notice);
    fill(notice, island);
  });
}
