// The site's own address, without a trailing slash, for canonical URLs, Open Graph, the feed and
// robots.txt. Astro gives `site` from SITE_URL (docs/configuration.md); unset, a development build
// uses the address of `astro dev`, so the pages still carry well-formed absolute URLs.

export const DEVELOPMENT_SITE = 'http://localhost:4321';

/** 'https://example.org' (or 'https://example.org/base' when the site lives under a path). */
export function siteOrigin(site: URL | string | undefined): string {
  const href = site === undefined ? DEVELOPMENT_SITE : typeof site === 'string' ? site : site.href;
  return href.replace(/\/+$/, '');
}
