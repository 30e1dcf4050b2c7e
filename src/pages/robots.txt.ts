// robots.txt: everything public is crawlable, the sign-in page included; the admin area and CMS are not.
// Each of those is listed twice: `/cms/` covers what is under it, and `/cms$` (a rule's end, as Google,
// Bing and robots-parser read `$`) the address without the slash, which serves the CMS's page (`/admin`
// redirects to the post list); a bare `/cms` would also keep out any page that only begins alike.
import type { APIRoute } from 'astro';
import { siteOrigin } from '@/lib/site/origin';

export const DISALLOWED = ['/admin$', '/admin/', '/cms$', '/cms/'] as const;

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('sitemap-index.xml', `${siteOrigin(site)}/`).href;
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${sitemap}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
