// The update prompt (src/components/layout/UpdatePrompt.astro): shown by src/browser/service-worker.ts
// when a new version of the site is waiting.

const DISMISSED = 'site-update-dismissed'; // sessionStorage: 'Not now' holds for this visit
// sessionStorage: the visitor chose Reload. The switch can finish after the reload (see switchTo).
const ACCEPTED = 'site-update-accepted';
// The old worker hands over only once no request of the page is in flight (a slow picture can take
// many seconds, and Chromium sometimes waits for its 30 s idle timer): never keep the visitor waiting
// longer than this. Pages come from the network first, so the reload shows the new version anyway.
const RELOAD_AT_THE_LATEST_MS = 3000;

const TYPED_TEXT_WARNING =
  'Reloading clears what you have typed on this page. Press Reload again to reload now, or Not now to finish first.';

const TEXT_INPUTS = new Set(['text', 'email', 'tel', 'number', 'url', 'password']);

/** True when a form on the page holds typed text, which a reload would clear. */
function hasTypedText(root: ParentNode = document): boolean {
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('form input, form textarea')].some(
    (field) =>
      (field instanceof HTMLTextAreaElement || TEXT_INPUTS.has(field.type)) && field.value.trim() !== '',
  );
}

/** Workbox's prompt mode: the waiting worker takes over when told so. */
function letTakeOver(worker: ServiceWorker): void {
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** Lets the waiting worker take over, then reloads the page. */
function switchTo(worker: ServiceWorker): void {
  sessionStorage.setItem(ACCEPTED, '1');
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload);
  setTimeout(reload, RELOAD_AT_THE_LATEST_MS);
  letTakeOver(worker);
}

/** Called when no new version is waiting: a Reload chosen earlier in this visit has taken effect. */
export function forgetAcceptedUpdate(): void {
  sessionStorage.removeItem(ACCEPTED);
}

/** Shows the update prompt of the layout (src/components/layout/UpdatePrompt.astro). */
export function askToReload(worker: ServiceWorker): void {
  // Reloaded before the old worker handed over: the visitor has already said yes.
  if (sessionStorage.getItem(ACCEPTED)) {
    letTakeOver(worker);
    return;
  }
  const card = document.querySelector<HTMLElement>('[data-update-card]');
  if (!card || !card.hidden || sessionStorage.getItem(DISMISSED)) return;
  let returnFocusTo: HTMLElement | null = null;
  // While shown, the card keeps its height free at the bottom of the page and of every scroll to a
  // focused element (global.css), so it never covers what the visitor tabs to (WCAG 2.4.11).
  const rootStyle = document.documentElement.style;
  const close = () => {
    const hadFocus = card.contains(document.activeElement);
    card.hidden = true;
    rootStyle.removeProperty('--update-prompt-space');
    if (!hadFocus) return;
    const target = returnFocusTo?.isConnected ? returnFocusTo : document.getElementById('main-content');
    target?.focus({ preventScroll: true });
  };
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED, '1');
    close();
  };
  card.addEventListener('focusin', (event) => {
    if (!card.contains(event.relatedTarget as Node | null))
      returnFocusTo = event.relatedTarget as HTMLElement | null;
  });
  card.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') dismiss();
  });
  card.querySelector('[data-update-dismiss]')?.addEventListener('click', dismiss);
  let warned = false;
  let switching = false;
  card.querySelector('[data-update-reload]')?.addEventListener('click', () => {
    if (switching) return;
    // A reload would silently clear a half-written message: say so once, and let the visitor choose.
    if (!warned && hasTypedText()) {
      warned = true;
      const note = document.createElement('p');
      note.className = 'basis-full font-semibold';
      note.textContent = TYPED_TEXT_WARNING;
      card.querySelector('p')?.after(note);
      rootStyle.setProperty('--update-prompt-space', `${card.getBoundingClientRect().height + 24}px`);
      return;
    }
    switching = true;
    card.querySelector('p')!.textContent = 'Reloading...'; // announced: the press was heard
    card.querySelector('p + p')?.remove();
    switchTo(worker);
  });
  // The worker may take over without us (the visitor accepted in another tab): nothing left to ask.
  worker.addEventListener('statechange', () => {
    if (worker.state !== 'installed') close();
  });
  card.hidden = false; // inside a polite status region: announced, focus stays where it is
  rootStyle.setProperty('--update-prompt-space', `${card.getBoundingClientRect().height + 24}px`);
}
