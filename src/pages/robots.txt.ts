// robots.txt: everything public is crawlable, the sign-in page included; the admin area and CMS are not.
import type { APIRoute } from 'astro';
import { siteOrigin } from '@/lib/site/origin';

export const DISALLOWED = ['/admin/', '/cms/'] as const;

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
