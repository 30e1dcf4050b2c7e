// Focus management shared by the islands' dialogs: what can take focus, a Tab trap, and making
// the rest of the page inert while a modal dialog is open.

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Focusable descendants in Tab order (ignores anything inside a [hidden] or [inert] subtree). */
export function focusableWithin(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden], [inert]'),
  );
}

/** Keeps Tab and Shift+Tab cycling inside the container. */
export function trapTabKey(event: KeyboardEvent, container: Element): void {
  if (event.key !== 'Tab') return;
  const items = focusableWithin(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !active || !container.contains(active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Makes everything outside `keep` inert (no focus, no clicks, hidden from assistive technology),
 * as a native modal dialog would; returns the function that undoes it.
 */
export function makeOthersInert(keep: Element): () => void {
  const changed: Element[] = [];
  let node: Element = keep;
  while (node.parentElement && node !== document.body) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (sibling === node || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue;
      sibling.setAttribute('inert', '');
      changed.push(sibling);
    }
    node = node.parentElement;
  }
  return () => {
    for (const element of changed) element.removeAttribute('inert');
  };
}
