// Scrolling to a section of the home page (SPEC 2, "Layout and navigation"): the page script
// (src/browser/anchor-navigation.ts) and the header's arrival script read this. Apart from
// site/navigation.ts, whose links the mobile menu island imports: a module both import would become a
// chunk of its own, one more request in a row before the page script can run.

/** Sections of the home page that navigation can target. */
export const HOME_SECTIONS = ['services', 'approach', 'team', 'contact', 'blog'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/** Delays of the spec (SPEC 2, "Layout and navigation"). */
export const SCROLL_DELAY_MS = 100;
export const BLOG_SETTLE_DELAY_MS = 800;

export interface ScrollStep {
  /** Element id to scroll to; 'top' scrolls to the top of the page. */
  target: HomeSection | 'top';
  delayMs: number;
  /** Focus the contact form's first input once this step has scrolled. */
  focusContactInput: boolean;
}

export function isHomeSection(id: string): id is HomeSection {
  return (HOME_SECTIONS as readonly string[]).includes(id);
}

/**
 * The scroll steps for reaching a home section. Arriving from another route waits ~100 ms for the
 * page to settle. The blog section fills in after load and can move what lies below it, so when
 * it is involved we go to the blog first and scroll to the target again after ~800 ms.
 */
export function planAnchorScroll(target: HomeSection | 'top', fromOtherRoute: boolean): ScrollStep[] {
  const first = fromOtherRoute ? SCROLL_DELAY_MS : 0;
  if (target === 'top') return [{ target, delayMs: 0, focusContactInput: false }];
  if (target === 'blog') {
    return [
      { target: 'blog', delayMs: first, focusContactInput: false },
      { target: 'blog', delayMs: BLOG_SETTLE_DELAY_MS, focusContactInput: false },
    ];
  }
  return [{ target, delayMs: first, focusContactInput: target === 'contact' }];
}
