// Sections fade and scale in when 10 % visible, items of a group 150 ms apart (SPEC 2). The CSS in
// global.css hides [data-reveal] only while JavaScript runs and motion is welcome.

export const REVEAL_THRESHOLD = 0.1;
export const REVEAL_STAGGER_MS = 150;

/** --reveal-delay for each [data-reveal] inside a [data-reveal-group], by its index in the group. */
export function staggerRevealGroups(root: ParentNode = document): void {
  for (const group of root.querySelectorAll('[data-reveal-group]')) {
    group.querySelectorAll<HTMLElement>('[data-reveal]').forEach((item, index) => {
      item.style.setProperty('--reveal-delay', `${index * REVEAL_STAGGER_MS}ms`);
    });
  }
}

export function initReveal(root: ParentNode = document): void {
  const items = Array.from(root.querySelectorAll<HTMLElement>('[data-reveal]:not([data-revealed])'));
  if (items.length === 0) return;
  staggerRevealGroups(root);
  if (typeof IntersectionObserver === 'undefined') {
    for (const item of items) item.setAttribute('data-revealed', '');
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        // Taller than ten screens, it could never be 10 % visible: shown at the first call (which
        // comes for every item) rather than never. Measured by the observer, not read while the
        // page's script runs, where a read would lay the page out an extra time (issue 33).
        const screen = entry.rootBounds?.height ?? window.innerHeight;
        const neverTenPercent = entry.boundingClientRect.height > screen / REVEAL_THRESHOLD;
        if (!entry.isIntersecting && !neverTenPercent) continue;
        entry.target.setAttribute('data-revealed', '');
        observer.unobserve(entry.target);
      }
    },
    { threshold: REVEAL_THRESHOLD },
  );
  for (const item of items) observer.observe(item);
}
