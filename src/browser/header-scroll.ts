// The header turns solid with a shadow once the page is scrolled (SPEC 2): [data-scrolled] on the
// header, read by the styles of SiteHeader.astro. One check per frame at most.
//
// It is fixed (SPEC 2) unless that would take too much of the window: with large text on a phone,
// or a screen zoomed to 400 %, a fixed header could hide a fifth of the page or more, so there it
// scrolls away with the page instead ([data-static]; WCAG 1.4.10). Its height, or 0 when it
// scrolls away, is --header-height, the scroll padding that keeps it off a focused field. It is
// registered as not inherited (global.css): only <html> can read it.

const SCROLLED_AFTER_PX = 8;
/** The share of the window's height a fixed header may take. */
const MAX_FIXED_HEADER_SHARE = 0.2;
/** The least room between the header and the page's first heading or link. */
const CLEAR_BELOW_HEADER_PX = 16;

/**
 * The pages leave the header a fixed room at their top (pt-28, lg:pt-36), made for it at its usual
 * height. With the panel's largest letter spacing or line height it grows to two or three rows and
 * covered the page's first heading or link (WCAG 1.4.12, 2.4.11): <main> then gets the padding that
 * keeps that first element clear, and none at the usual sizes. Returns what to write, having only
 * read: the caller writes after all its reads, so the page is laid out once.
 */
function clearanceBelow(height: number): (() => void) | undefined {
  const main = document.getElementById('main-content');
  if (!main) return undefined;
  // Only the panel's text settings grow the header past that room: at the usual ones nothing is
  // measured: a measure here laid training out once more before its largest paint (690 -> 707 ms,
  // tools/audit-compare.mjs, five rounds).
  const html = document.documentElement;
  const textScale = html.style.getPropertyValue('--a11y-text-scale').trim() || '1';
  const enlarged =
    Number(textScale) !== 1 ||
    ['data-letter-spacing', 'data-line-height', 'data-readable-font'].some((name) => html.hasAttribute(name));
  if (!enlarged) {
    return main.style.paddingTop
      ? () => {
          main.style.paddingTop = '';
        }
      : undefined;
  }
  const first = [...main.querySelectorAll('h1, a[href], button, input')].find(
    (element) => element.getClientRects().length > 0,
  );
  if (!first) return undefined;
  const added = Number.parseFloat(main.style.paddingTop) || 0;
  const top = first.getBoundingClientRect().top + window.scrollY - added;
  const needed = Math.max(0, Math.ceil(height + CLEAR_BELOW_HEADER_PX - top));
  if (needed === added) return undefined;
  return () => {
    main.style.paddingTop = needed > 0 ? `${needed}px` : '';
  };
}

export function initHeaderScroll(
  header: HTMLElement | null = document.querySelector('[data-site-header]'),
): void {
  if (!header) return;
  let queued = false;
  const update = () => {
    queued = false;
    header.toggleAttribute('data-scrolled', window.scrollY > SCROLLED_AFTER_PX);
  };
  const fit = () => {
    // Every measure before any change: a measure after a change lays the page out once more.
    const height = header.offsetHeight;
    const scrollsAway = height > window.innerHeight * MAX_FIXED_HEADER_SHARE;
    const clear = clearanceBelow(height);
    header.toggleAttribute('data-static', scrollsAway);
    document.documentElement.style.setProperty('--header-height', `${scrollsAway ? 0 : height}px`);
    clear?.();
  };
  if (typeof ResizeObserver !== 'undefined') {
    // Its first call comes with the page's first layout: measured then, nothing is measured while
    // the page's script runs, where a read would lay the page out an extra time (issue 33). The
    // scroll position is read before anything is written, so that read costs no layout either.
    new ResizeObserver(() => {
      fit();
      update();
    }).observe(header);
  } else {
    fit();
    update();
  }
  window.addEventListener('resize', fit, { passive: true });
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
}
