// How a client:interact island tells the directive (src/directives/interact.ts) that it has
// hydrated: React attaches its handlers a little after Astro's hydrate() resolves, so a press held
// before then is replayed only once the island's own effect says it is ready. An explicit signal,
// set by the island (src/islands/shared/use-hydration-signal.ts), rather than a look at React's
// private fields on the DOM nodes, which a React upgrade may rename without notice.

/** Set on the island's <astro-island> element once React has committed it. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
/** Dispatched on the <astro-island> element at the same moment (it does not bubble). */
export const HYDRATED_EVENT = 'island:hydrated';

/** Marks the island that holds `node` as hydrated; a node outside any island is ignored. */
export function signalHydrated(node: Element | null): void {
  const island = node?.closest('astro-island');
  if (!island || island.hasAttribute(HYDRATED_ATTRIBUTE)) return;
  island.setAttribute(HYDRATED_ATTRIBUTE, '');
  island.dispatchEvent(new Event(HYDRATED_EVENT));
}

export const isHydrated = (island: Element): boolean => island.hasAttribute(HYDRATED_ATTRIBUTE);

/**
 * Resolves once the island has signalled, or after `timeoutMs` (an island that failed to render
 * shows its error screen and never signals: the held press is then replayed on whatever is there).
 */
export function whenHydrated(island: Element, timeoutMs = 2000): Promise<void> {
  if (isHydrated(island)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      island.removeEventListener(HYDRATED_EVENT, done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    island.addEventListener(HYDRATED_EVENT, done);
  });
}
