// Decap CMS on an origin of its own (docs/content-editing.md, "Decap CMS on its own origin"). The CMS keeps the git
// host's token (write access to the repository) in the localStorage of the origin it runs on, where
// every script of that origin can read it. With CMS_ORIGIN set at build, the CMS runs only there:
// opened anywhere else, /cms/ removes what an earlier CMS session stored and goes to CMS_ORIGIN
// before any of Decap's code loads (src/browser/cms-start.ts). Without it, /cms/ works as before.

/** CMS_ORIGIN as the build checked it (tools/build-env.mjs), or '' when the CMS runs on every origin. */
export { CMS_ORIGIN } from 'astro:env/client';

/** Where Decap CMS 3 keeps the signed-in user and its token (older releases: netlify-cms-user). */
export const CMS_USER_KEYS = ['decap-cms-user', 'netlify-cms-user'] as const;

/**
 * The CMS's address on its own origin when `here` is another origin, or undefined when the CMS may
 * run here (no CMS origin configured, or this is it). The path, query and hash are kept: a sign-in
 * answer or an entry's address (#/collections/posts/...) survives the move.
 */
export function cmsAddressElsewhere(
  here: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash'>,
  cmsOrigin: string,
): string | undefined {
  if (!cmsOrigin || here.origin === cmsOrigin) return undefined;
  return `${cmsOrigin}${here.pathname}${here.search}${here.hash}`;
}
