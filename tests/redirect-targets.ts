// Addresses an attacker may put in the sign-in page's `?next=` (written into the URL as is), that
// must never be followed: tests/unit/auth-redirect.test.ts checks every one through the login page's
// own reading of its address (targetAfterSignIn), and tests/e2e/security.spec.ts signs in with one
// of each kind the browser itself treats specially (each sign-in runs the build's 600,000 PBKDF2
// iterations, about 1.7 s on the 2-core machine).
export const OFF_SITE_TARGETS = [
  '//evil.example',
  '//evil.example/admin/posts',
  'https://evil.example/',
  'http:evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/%2F%2Fevil.example',
  '%2F%2Fevil.example',
  '/%252F%252Fevil.example',
  '//127.0.0.1@evil.example',
  "javascript:window.__xss='next'",
  "data:text/html,<script>window.__xss='next-data'</script>",
  '/%09/evil.example',
  '/.//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
] as const;

/**
 * The ones signed in with in the browser: another host by its slashes, by a backslash the browser
 * reads as a slash, and by a dot segment it resolves, each percent-encoded or not, and the two that
 * would run script (javascript: and data:).
 */
export const OFF_SITE_TARGETS_IN_BROWSER = [
  '//evil.example',
  '/\\evil.example',
  '/%2F%2Fevil.example',
  '/%2e//evil.example',
  "javascript:window.__xss='next'",
  "data:text/html,<script>window.__xss='next-data'</script>",
] as const satisfies readonly (typeof OFF_SITE_TARGETS)[number][];
