// /blog/manifest.json: every post, drafts included, with sanitised content, for seeding the admin's
// in-browser post store (src/lib/post-seed.ts). Static hosting has no private files: this file is as
// public as the repository's content/posts folder it is built from.
import type { APIRoute } from 'astro';
import { buildManifest } from '@/lib/blog-content';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await buildManifest()), { headers: { 'Content-Type': 'application/json' } });
