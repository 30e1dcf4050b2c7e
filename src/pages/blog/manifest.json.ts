// /blog/manifest.json: every published post (drafts stay out, like everywhere on the site), with
// sanitised content and the file it comes from, for seeding the admin's in-browser post store
// (src/lib/store/seed.ts) and naming its exports.
import type { APIRoute } from 'astro';
import { buildManifest } from '@/lib/content/posts';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await buildManifest()), { headers: { 'Content-Type': 'application/json' } });
