import { PREFERENCE_LIMITS } from '../../src/lib/page/a11y-preferences';

// The public pages every page-level check visits.
export const SERVICE_SLUGS = [
  'individual-therapy',
  'group-sessions',
  'social-skills',
  'life-skills',
  'caregiver-training',
  'person-centered-care',
  'evidence-based-methods',
  'collaborative-growth',
] as const;

export const PUBLIC_PAGES = [
  '/',
  '/training',
  ...SERVICE_SLUGS.map((slug) => `/services/${slug}`),
  '/privacy',
];

// A page of each type that carries its first screen's rules, what follows it (or only the footer)
// hidden until the whole stylesheet comes (src/integrations/html/critical-css.mjs). Home is not one
// yet: it keeps its link to the stylesheet (docs/performance.md).
export const PAGES_WITH_THEIR_RULES = [
  '/services/individual-therapy',
  '/privacy',
  '/training',
  '/blog',
  '/blog/visual-schedules-a-practical-guide-for-families',
  '/login',
  '/no-such-page',
];

// The accessibility panel's contrast modes, from the site's own list.
export { CONTRAST_MODES, type ContrastMode } from '../../src/lib/page/a11y-preferences';

/** Every setting of the accessibility panel at its largest, from the site's own limits. */
export const LARGEST_PREFERENCES = {
  textSize: PREFERENCE_LIMITS.textSize.max,
  letterSpacing: PREFERENCE_LIMITS.letterSpacing.max,
  lineHeight: PREFERENCE_LIMITS.lineHeight.max,
  contrast: 'high',
  reduceMotion: true,
  readableFont: true,
} as const;
