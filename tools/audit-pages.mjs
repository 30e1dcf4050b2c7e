// The public page types every speed measurement covers (npm run audit, tools/first-screen-budget.mjs):
// home, training, a service page, the blog, a post, the sign-in page, privacy.
export const AUDIT_PAGES = [
  '/',
  '/training',
  '/services/individual-therapy',
  '/blog',
  // A post with a featured image and three pictures in its text (issue 18's budget).
  '/blog/visual-schedules-a-practical-guide-for-families',
  '/login',
  '/privacy',
];
