// The header turns solid with a shadow once the page is scrolled (SPEC 2): [data-scrolled] on the
// header, read by the styles of SiteHeader.astro. One check per frame at most.

const SCROLLED_AFTER_PX = 8;

export function initHeaderScroll(
  header: HTMLElement | null = document.querySelector('[data-site-header]'),
): void {
  if (!header) return;
  let queued = false;
  const update = () => {
    queued = false;
    header.toggleAttribute('data-scrolled', window.scrollY > SCROLLED_AFTER_PX);
  };
  update();
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
