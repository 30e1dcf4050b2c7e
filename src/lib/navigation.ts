// Site navigation: the header, the mobile menu and the footer all read these.

export interface NavItem {
  name: string;
  href: string;
}

/** Sections of the home page that navigation can target. */
export const HOME_SECTIONS = ['services', 'approach', 'team', 'contact', 'blog'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

export const NAV_ITEMS: readonly NavItem[] = [
  { name: 'Home', href: '/' },
  { name: 'Services', href: '/#services' },
  { name: 'Our Approach', href: '/#approach' },
  { name: 'Team', href: '/#team' },
  { name: 'Training', href: '/training' },
  { name: 'Blog', href: '/blog' },
  { name: 'Contact', href: '/#contact' },
];

export const BOOK_CONSULTATION: NavItem = { name: 'Book Consultation', href: '/#contact' };

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
