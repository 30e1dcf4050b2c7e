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

// The accessibility panel's contrast modes, from the site's own list.
export { CONTRAST_MODES, type ContrastMode } from '../../src/lib/page/a11y-preferences';
