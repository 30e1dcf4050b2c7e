// /blog/schedule.json: when the next scheduled post is due ({ "nextPublishAt": ISO or null }), so the
// self-hosted server (server/schedule.mjs) rebuilds at that moment. A time only: no title, no address.
import type { APIRoute } from 'astro';
import { getNextPublishTime } from '@/lib/content/posts';

export const GET: APIRoute = async () => {
  const next = await getNextPublishTime();
  return new Response(JSON.stringify({ nextPublishAt: next?.toISOString() ?? null }), {
    headers: { 'Content-Type': 'application/json' },
  });
};
