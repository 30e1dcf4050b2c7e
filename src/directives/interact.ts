import type { ClientDirective } from 'astro';
import { hasBrowserPosts } from '../lib/store/browser-posts-flag';
import { isHydrated, whenHydrated } from '../lib/page/hydration-signal';
import { FALLBACK_TARGET_ATTRIBUTE } from '../lib/page/island-fallback';
import { ISLAND_RUNTIME_FAILED_EVENT, ISLANDS_WANTED_EVENT } from '../lib/page/island-runtime.mjs';

/**
 * `client:interact` hydrates an island the first time the visitor shows intent to use it
 * (pointer over it, touch, focus, or a key press inside it), so React is downloaded only by
 * visitors who use an island. A click or form submission that lands before hydration finishes is
 * held and replayed on the hydrated element, so the first press is never lost.
 *
 * On the public pages Astro's island runtime, which calls this directive for each island, is a file
 * started after the largest paint (decision 0048). Until it has run, the catcher at the end of this
 * file holds presses on the page's interact islands the same way, asks for the page's scripts at
 * once, and hands what it holds to the directive when the runtime calls it for that island.
 *
 * When the island's code (or the runtime) cannot be downloaded (offline, before it was ever used), a
 * held press is not swallowed: the page says so under the island (src/browser/island-failure.ts,
 * kept out of this code, which is inlined in every page), a radio button or checkbox still changes,
 * a button that names a stand-in (src/lib/page/island-fallback.ts) takes focus there, and the next
 * press tries again.
 */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/** A press held until the island has hydrated: replayed on the same node then, or its fallback run. */
interface HeldPress {
  path: number[];
  replay: (node: Element) => void;
  fallback?: () => void;
}

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

/** Set while a fallback clicks a checkbox or radio button itself, so that the click is not held again. */
let passThrough = false;

const click = (node: Element | null) => {
  if (node instanceof HTMLElement) node.click();
};

/**
 * Holds a click on a button (or checkbox, radio button) or a form's submission inside `island`
 * before it has hydrated: cancels it and returns what to replay. Links keep working natively; a
 * submit button's click is left to become the submit event, which is held instead.
 */
function holdPress(event: Event, island: Element): HeldPress | undefined {
  if (passThrough || isHydrated(island) || !(event.target instanceof Element)) return undefined;
  if (event.type === 'submit') {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return undefined;
    event.preventDefault();
    event.stopPropagation();
    return {
      path: pathTo(island, form),
      replay: (node) => {
        if (node instanceof HTMLFormElement) node.requestSubmit();
      },
    };
  }
  const button = event.target.closest('button, [role="button"], input[type="checkbox"], input[type="radio"]');
  if (!button || !island.contains(button)) return undefined;
  if (button instanceof HTMLButtonElement && button.type === 'submit') {
    if (button.form) button.form.noValidate = true; // before the browser validates (see noNativeValidation)
    return undefined;
  }
  event.preventDefault();
  event.stopPropagation();
  // Without the island, a radio button or checkbox still does what it does in plain HTML.
  const native = button instanceof HTMLInputElement ? button : null;
  const standIn = button.getAttribute(FALLBACK_TARGET_ATTRIBUTE);
  return {
    path: pathTo(island, button),
    replay: click,
    fallback: () => {
      if (standIn) return focusStandIn(standIn);
      passThrough = true;
      click(native);
      passThrough = false;
    },
  };
}

/**
 * With scripts running, the island checks its forms and shows the spec's messages. Native validation
 * stays only for visitors without JavaScript: left on until React's effects run, it would stop an
 * early press with a browser bubble before the submit could be held.
 */
function noNativeValidation(root: ParentNode): void {
  for (const form of root.querySelectorAll('form')) form.noValidate = true;
}

/** The interact islands the runtime has called this directive for. */
const handedOver = new WeakSet<Element>();
/** The islands the catcher has seen used before the runtime called the directive, with what it holds. */
const waiting = new Map<Element, HeldPress[]>();

const interact: ClientDirective = (load, options, el) => {
  handedOver.add(el);
  let started: Promise<void> | undefined;

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

  const replayWhenReady = async ({ path, replay, fallback }: HeldPress) => {
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

  const hold = (event: Event) => {
    const held = holdPress(event, el);
    if (held) void replayWhenReady(held);
  };

  noNativeValidation(el);
  el.addEventListener('click', hold, true);
  el.addEventListener('submit', hold, true);
  for (const type of INTENT_EVENTS) {
    el.addEventListener(type, () => void start().catch(() => {}), { once: true, passive: true });
  }
  // Typing is using the island (the blog search): after a failed start, the next key tries again.
  el.addEventListener('keydown', () => void start().catch(() => {}), { passive: true });

  // What was caught before the runtime called this directive.
  const caught = waiting.get(el);
  waiting.delete(el);
  if (caught) void start().catch(() => {});
  for (const held of caught ?? []) void replayWhenReady(held);

  // client:interact="browser-posts": in a browser that keeps the admin's posts, the island has those
  // to show at once, so it hydrates without waiting.
  if (options.value === 'browser-posts' && hasBrowserPosts()) {
    void start().catch(() => {});
  }
};

export default interact;

// The catcher: from the moment this script runs (before the page's first island), until the runtime
// calls the directive for an island. Where the runtime is still inline (the admin, the offline page,
// the development server), that happens while the page is parsed, and the catcher has little to do.
const ISLAND = 'astro-island[client="interact"]';
let runtimeFailed = false;

/**
 * Intent (a pointer over, a touch, focus) asks for the page's scripts once, and not again after the
 * runtime failed; a key press (typing in the blog's search) or a press asks again, and a click or a
 * submission is held where the directive would hold it (a key press never: Enter would not press a
 * button).
 */
const catchUse = (event: Event) => {
  const island = event.target instanceof Element ? event.target.closest(ISLAND) : null;
  if (!island || handedOver.has(island) || passThrough) return;
  const press = event.type === 'click' || event.type === 'submit';
  const asksAgain = press || event.type === 'keydown';
  if (!press && (waiting.has(island) || (runtimeFailed && !asksAgain))) return;
  if (asksAgain) runtimeFailed = false;
  const held = press ? holdPress(event, island) : undefined;
  waiting.set(island, [...(waiting.get(island) ?? []), ...(held ? [held] : [])]);
  window.dispatchEvent(new Event(ISLANDS_WANTED_EVENT)); // the starter adds the scripts now
};
for (const type of [...INTENT_EVENTS, 'keydown', 'click', 'submit'])
  document.addEventListener(type, catchUse, true);
document.addEventListener('DOMContentLoaded', () => {
  for (const island of document.querySelectorAll(ISLAND))
    if (!handedOver.has(island)) noNativeValidation(island);
});

// The runtime's file could not be loaded: what was held is released as when an island's own code
// fails (src/browser/island-failure.ts says so under each island), and the next press asks again.
window.addEventListener(ISLAND_RUNTIME_FAILED_EVENT, () => {
  runtimeFailed = true;
  for (const [island, held] of waiting) {
    for (const press of held) press.fallback?.();
    island.dispatchEvent(new Event('astro:hydration-error', { bubbles: true }));
  }
  waiting.clear();
});
