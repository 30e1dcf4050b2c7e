import type { ClientDirective } from 'astro';
import { BROWSER_POSTS_ATTRIBUTE } from '../lib/store/browser-posts-flag';
import { isHydrated, whenHydrated } from '../lib/page/hydration-signal';
import { FALLBACK_TARGET_ATTRIBUTE } from '../lib/page/island-fallback';

/**
 * `client:interact` hydrates an island the first time the visitor shows intent to use it
 * (pointer over it, touch, focus, or a key press inside it), so React is downloaded only by
 * visitors who use an island. A click or form submission that lands before hydration finishes is
 * held and replayed on the hydrated element, so the first press is never lost.
 *
 * When the island's code cannot be downloaded (offline, before it was ever used), a held press is
 * not swallowed: the page says so under the island (src/browser/island-failure.ts, kept out of this
 * code, which is inlined in every page), a radio button or checkbox still changes, a button that
 * names a stand-in (src/lib/page/island-fallback.ts) takes focus there, and the next press tries again.
 */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

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

/** Focus (and so show) the part of the page that does a button's job without its island. */
function focusStandIn(id: string): void {
  const standIn = document.getElementById(id);
  if (!standIn) return;
  if (standIn.tabIndex < 0) standIn.tabIndex = -1; // a landmark, say: focusable from script only
  standIn.focus();
}

const interact: ClientDirective = (load, options, el) => {
  let started: Promise<void> | undefined;
  let passThrough = false;

  const start = () => {
    started ??= new Promise<void>((resolve, reject) => {
      // Astro's loader catches a failed download itself (and hydrates nothing); it reports it here.
      const failed = (event: Event) => reject((event as CustomEvent<{ error: unknown }>).detail.error);
      el.addEventListener('astro:hydration-error', failed, { once: true });
      (async () => {
        const hydrate = await load();
        await hydrate();
      })()
        .then(resolve, reject)
        .finally(() => el.removeEventListener('astro:hydration-error', failed));
    }).then(
      () => {
        if (el.nextElementSibling?.classList.contains('island-failed')) el.nextElementSibling.remove();
      },
      (error: unknown) => {
        started = undefined; // the next press tries again
        throw error;
      },
    );
    return started;
  };

  const replayWhenReady = async (path: number[], replay: (node: Element) => void, fallback?: () => void) => {
    try {
      await start();
    } catch {
      return fallback?.();
    }
    // React hydrates inside a transition: its handlers attach a little after hydrate() resolves, and
    // the island says when (src/lib/page/hydration-signal.ts).
    await whenHydrated(el);
    const node = nodeAt(el, path); // React may have replaced the node while hydrating
    if (node) replay(node);
  };

  // Links keep working natively; buttons and forms wait for the hydrated component.
  const holdClick = (event: Event) => {
    if (!(event.target instanceof Element)) return;
    const button = event.target.closest(
      'button, [role="button"], input[type="checkbox"], input[type="radio"]',
    );
    if (passThrough || !button || !el.contains(button) || isHydrated(el)) return;
    if (button instanceof HTMLButtonElement && button.type === 'submit') return; // the submit event is held instead
    event.preventDefault();
    event.stopPropagation();
    const click = (node: Element | null) => {
      if (node instanceof HTMLElement) node.click();
    };
    // Without the island, a radio button or checkbox still does what it does in plain HTML.
    const native = button instanceof HTMLInputElement ? button : undefined;
    const standIn = button.getAttribute(FALLBACK_TARGET_ATTRIBUTE);
    void replayWhenReady(pathTo(el, button), click, () => {
      if (standIn) return focusStandIn(standIn);
      passThrough = true;
      click(native ?? null);
      passThrough = false;
    });
  };
  const holdSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || isHydrated(el)) return;
    event.preventDefault();
    event.stopPropagation();
    void replayWhenReady(pathTo(el, form), (node) => {
      if (node instanceof HTMLFormElement) node.requestSubmit();
    });
  };

  // With scripts running, the island checks its forms and shows the spec's messages. Native
  // validation stays only for visitors without JavaScript: left on until React's effects run, it
  // would stop an early press with a browser bubble before the submit could be held.
  for (const form of el.querySelectorAll('form')) form.noValidate = true;

  el.addEventListener('click', holdClick, true);
  el.addEventListener('submit', holdSubmit, true);
  for (const type of INTENT_EVENTS) {
    el.addEventListener(type, () => void start().catch(() => {}), { once: true, passive: true });
  }
  // Typing is using the island (the blog search): after a failed start, the next key tries again.
  el.addEventListener('keydown', () => void start().catch(() => {}), { passive: true });

  // client:interact="browser-posts": in a browser that keeps the admin's posts (marked on <html> by
  // the head script), the island has those to show at once, so it hydrates without waiting.
  if (options.value === 'browser-posts' && document.documentElement.hasAttribute(BROWSER_POSTS_ATTRIBUTE)) {
    void start().catch(() => {});
  }
};

export default interact;
