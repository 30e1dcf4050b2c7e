// Site navigation: the header, the mobile menu and the footer all read these links.

export interface NavItem {
  name: string;
  href: string;
}

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

/**
 * The footer's list of the site's pages: where the header's Menu leads when the menu itself cannot
 * work (without JavaScript, or offline before its code was ever downloaded).
 */
export const FOOTER_NAV_ID = 'site-footer-nav';

/** The privacy page: linked from the footer and under each form's submit button. */
export const PRIVACY_PATH = '/privacy';
