// /blog/posts.json: the cards of every published post, newest first, for the search island and for
// laying the admin's browser-stored posts over the built list. No drafts, no content.
import type { APIRoute } from 'astro';
import { getPublishedCards } from '@/lib/content/posts';
import type { PostIndex } from '@/lib/blog/posts';

export const GET: APIRoute = async () => {
  const index: PostIndex = { posts: await getPublishedCards() };
  return new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } });
};
