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
    const scrollsAway = header.offsetHeight > window.innerHeight * MAX_FIXED_HEADER_SHARE;
    header.toggleAttribute('data-static', scrollsAway);
    document.documentElement.style.setProperty(
      '--header-height',
      `${scrollsAway ? 0 : header.offsetHeight}px`,
    );
  };
  if (typeof ResizeObserver !== 'undefined') {
    // Its first call comes with the page's first layout: measured then, nothing is measured while
    // the page's script runs, where a read would lay the page out an extra time (issue 33). The
    // scroll position is read before anything is written, so that read costs no layout either.
    new ResizeObserver(() => {
      update();
      fit();
    }).observe(header);
  } else {
    update();
    fit();
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
