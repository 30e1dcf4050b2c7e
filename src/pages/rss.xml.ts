// /rss.xml: the newest published posts (FEED_POSTS_COUNT), with their full (sanitised) content. Every
// page links to it from its <head>.
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { withAbsoluteAddresses, withXmlCharactersOnly } from '@/lib/content/feed-content';
import { getPublishedPosts } from '@/lib/content/posts';
import { FEED_POSTS_COUNT, postHref } from '@/lib/blog/posts';
import { siteOrigin } from '@/lib/site/origin';
import { practice } from '@/lib/site/settings';
import { escapeHtml } from '@/lib/text/escape-html';

// RSS 2.0's <author> must be an e-mail address, so the author's name goes in Dublin Core's creator.
export const GET: APIRoute = async (context) => {
  const posts = (await getPublishedPosts()).slice(0, FEED_POSTS_COUNT);
  const site = `${siteOrigin(context.site)}/`;
  const feed = await rss({
    title: `${practice.name} Blog`,
    description: 'Insights and updates from our therapy practice',
    site,
    // Links match the canonical URLs: no trailing slash.
    trailingSlash: false,
    items: posts.map((post) => ({
      title: post.title,
      description: post.excerpt,
      link: postHref(post.slug),
      pubDate: post.publishedAt,
      customData: `<dc:creator>${escapeHtml(post.author)}</dc:creator>`,
      categories: post.tags,
      // Its addresses whole, as the post's canonical page resolves them (read away from the site).
      content: withAbsoluteAddresses(post.html, new URL(postHref(post.slug), site).href),
    })),
    xmlns: { dc: 'http://purl.org/dc/elements/1.1/', atom: 'http://www.w3.org/2005/Atom' },
    // The feed's own address, which feed validators ask for and readers use to follow a move.
    customData: `<language>en-ca</language><atom:link href="${escapeHtml(new URL('rss.xml', site).href)}" rel="self" type="application/rss+xml"/>`,
  });
  return new Response(withXmlCharactersOnly(await feed.text()), { headers: feed.headers });
};
