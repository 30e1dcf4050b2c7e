// Anchor navigation to the home page's sections (SPEC 2, "Layout and navigation"). From another
// route a '/#section' link navigates home natively; the inline script of SiteHeader.astro takes
// the hash out of the URL before the browser jumps and leaves it in html[data-pending-anchor], and
// here the page scrolls there smoothly after ~100 ms. On the home page such links scroll without a
// reload and update the URL. Focus follows to the section (or the contact form's first input), so
// keyboard and screen-reader users land where the page scrolled.
import { type HomeSection, type ScrollStep, isHomeSection, planAnchorScroll } from '@/lib/page/anchor-scroll';

export type AnchorAction = { kind: 'top' } | { kind: 'section'; target: HomeSection };

const CONTACT_FIRST_INPUT_ID = 'contact-name';
/** Longest wait for a smooth scroll to end before focusing its destination anyway. */
const SCROLL_END_CAP_MS = 2000;
const SCROLL_QUIET_MS = 150;

export function isHomePath(pathname: string): boolean {
  return pathname === '/' || pathname === '/index.html';
}

/**
 * What a link to `href` does when followed from `current`: scroll this home page to its top or to
 * one of its sections, or null to let the browser navigate (other pages, other hashes such as the
 * skip link, and every link followed from a page other than home).
 */
export function anchorActionFor(href: string, current: URL): AnchorAction | null {
  let url: URL;
  try {
    url = new URL(href, current);
  } catch {
    return null;
  }
  if (url.origin !== current.origin || url.search !== current.search) return null;
  if (!isHomePath(current.pathname) || !isHomePath(url.pathname)) return null;
  let id: string;
  try {
    id = decodeURIComponent(url.hash.slice(1));
  } catch {
    return null;
  }
  if (id === '') return { kind: 'top' };
  return isHomeSection(id) ? { kind: 'section', target: id } : null;
}

/** Smooth scrolling only when the visitor has not asked for less motion (panel or system). */
export function motionWelcome(): boolean {
  if (document.documentElement.hasAttribute('data-reduce-motion')) return false;
  return !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

function scrollToStep(step: ScrollStep, behavior: ScrollBehavior): void {
  if (step.target === 'top') {
    window.scrollTo({ top: 0, behavior });
    return;
  }
  // scrollIntoView honours the scroll-padding-top that keeps the fixed header off the heading.
  document.getElementById(step.target)?.scrollIntoView({ behavior, block: 'start' });
}

function focusDestination(step: ScrollStep): void {
  const input = step.focusContactInput ? document.getElementById(CONTACT_FIRST_INPUT_ID) : null;
  const destination = input ?? document.getElementById(step.target === 'top' ? 'main-content' : step.target);
  if (!destination) return;
  if (!input && !destination.hasAttribute('tabindex')) destination.setAttribute('tabindex', '-1');
  destination.focus({ preventScroll: true });
}

/** Calls back once a smooth scroll has come to rest (scrollend, or quiet, or a cap). */
function afterScroll(smooth: boolean, callback: () => void): () => void {
  if (!smooth) {
    callback();
    return () => {};
  }
  let quiet = window.setTimeout(finish, SCROLL_QUIET_MS);
  const cap = window.setTimeout(finish, SCROLL_END_CAP_MS);
  function onScroll() {
    window.clearTimeout(quiet);
    quiet = window.setTimeout(finish, SCROLL_QUIET_MS);
  }
  function stop() {
    window.clearTimeout(quiet);
    window.clearTimeout(cap);
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('scrollend', finish);
  }
  function finish() {
    stop();
    callback();
  }
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('scrollend', finish);
  return stop;
}

let cancelRunning: (() => void) | undefined;

/**
 * Runs the steps of planAnchorScroll, each after its delay, then focuses the destination. A new
 * plan replaces a running one; the visitor taking over (wheel, touch, a key) drops what is left.
 */
export function runScrollPlan(steps: readonly ScrollStep[], onDone?: () => void): void {
  cancelRunning?.();
  const timers: number[] = [];
  let stopWaiting = () => {};
  // Any sign that the visitor has taken over (a press, a tap, a key, the wheel) drops the plan,
  // so a late focus never pulls them out of a field they have started to fill.
  const interruptions = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const cancel = () => {
    for (const timer of timers) window.clearTimeout(timer);
    stopWaiting();
    for (const type of interruptions) window.removeEventListener(type, cancel);
    if (cancelRunning === cancel) cancelRunning = undefined;
  };
  cancelRunning = cancel;
  for (const type of interruptions) window.addEventListener(type, cancel, { passive: true });

  const runFrom = (index: number) => {
    const step = steps[index];
    if (!step) return;
    timers.push(
      window.setTimeout(() => {
        const smooth = motionWelcome();
        scrollToStep(step, smooth ? 'smooth' : 'instant');
        if (index + 1 < steps.length) {
          runFrom(index + 1);
          return;
        }
        stopWaiting = afterScroll(smooth, () => {
          cancel();
          focusDestination(step);
          onDone?.();
        });
      }, step.delayMs),
    );
  };
  runFrom(0);
}

function onDocumentClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
  if (link.target && link.target !== '_self') return;
  const action = anchorActionFor(link.href, new URL(window.location.href));
  if (!action) return;
  event.preventDefault();
  const { pathname, search } = window.location;
  const next = action.kind === 'top' ? pathname + search : `${pathname}${search}#${action.target}`;
  if (new URL(next, window.location.href).href !== window.location.href) history.pushState(null, '', next);
  runScrollPlan(planAnchorScroll(action.kind === 'top' ? 'top' : action.target, false));
}

/** Finishes an arrival from another route (see SiteHeader.astro), then handles in-page links. */
export function initAnchorNavigation(): void {
  const root = document.documentElement;
  const pending = root.getAttribute('data-pending-anchor');
  if (pending !== null) {
    root.removeAttribute('data-pending-anchor');
    if (isHomeSection(pending)) {
      // Should the browser have jumped anyway, start from the top so the scroll is seen.
      if (window.scrollY !== 0) window.scrollTo({ top: 0, behavior: 'instant' });
      // The URL gets its hash back (for sharing and reloads); replaceState does not jump.
      const { pathname, search } = window.location;
      history.replaceState(history.state, '', `${pathname}${search}#${pending}`);
      runScrollPlan(planAnchorScroll(pending, true));
    }
  }
  document.addEventListener('click', onDocumentClick);
}
