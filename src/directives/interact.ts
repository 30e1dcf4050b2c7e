import type { ClientDirective } from 'astro';

/**
 * `client:interact` hydrates an island the first time the visitor shows intent to use it
 * (pointer over it, touch, focus, or a key press inside it), so React is downloaded only by
 * visitors who use an island. A click or form submission that lands before hydration finishes is
 * held and replayed on the hydrated element, so the first press is never lost.
 */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** Index path from the island root to a descendant, to find the same node after hydration. */
function pathTo(root: Element, node: Element): number[] {
  const path: number[] = [];
  let current: Element | null = node;
  while (current && current !== root) {
    const parent: Element | null = current.parentElement;
    if (!parent) return [];
    path.unshift(Array.prototype.indexOf.call(parent.children, current));
    current = parent;
  }
  return path;
}

function nodeAt(root: Element, path: number[]): Element | null {
  let current: Element | null = root;
  for (const index of path) current = current?.children[index] ?? null;
  return current;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const interact: ClientDirective = (load, _options, el) => {
  let hydrated = false;
  let started: Promise<void> | undefined;
  let heldClick: number[] | undefined;
  let heldSubmit: number[] | undefined;

  const start = () => {
    started ??= (async () => {
      const hydrate = await load();
      await hydrate();
      await nextFrame();
      hydrated = true;
      el.removeEventListener('click', holdClick, true);
      el.removeEventListener('submit', holdSubmit, true);
      if (heldSubmit) {
        const form = nodeAt(el, heldSubmit);
        if (form instanceof HTMLFormElement) form.requestSubmit();
      } else if (heldClick) {
        const target = nodeAt(el, heldClick);
        if (target instanceof HTMLElement) target.click();
      }
    })();
    return started;
  };

  // Links keep working natively; buttons and forms wait for the hydrated component.
  const holdClick = (event: Event) => {
    if (hydrated || !(event.target instanceof Element)) return;
    const button = event.target.closest(
      'button, [role="button"], input[type="checkbox"], input[type="radio"]',
    );
    if (!button || !el.contains(button)) return;
    if (button instanceof HTMLButtonElement && button.type === 'submit') return; // the submit event is held instead
    event.preventDefault();
    event.stopPropagation();
    heldClick = pathTo(el, button);
    void start();
  };
  const holdSubmit = (event: Event) => {
    if (hydrated || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    heldSubmit = pathTo(el, event.target);
    void start();
  };

  el.addEventListener('click', holdClick, true);
  el.addEventListener('submit', holdSubmit, true);
  for (const type of INTENT_EVENTS) {
    el.addEventListener(type, () => void start(), { once: true, passive: true });
  }
};

export default interact;
