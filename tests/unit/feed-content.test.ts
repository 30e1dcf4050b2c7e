import { describe, expect, it, vi } from 'vitest';
import { withAbsoluteAddresses } from '@/lib/content/feed-content';

// The feed's posts, as the build would give them.
const feedPosts = vi.hoisted((): unknown[] => []);
vi.mock('@/lib/content/posts', () => ({ getPublishedPosts: async () => feedPosts }));

const PAGE = 'https://www.example.org/blog/a-post';

describe("the feed's copy of a post's text", () => {
  it('writes paths, fragments and relative addresses out whole, as the post page resolves them', () => {
    expect(
      withAbsoluteAddresses(
        '<p><a href="/services/life-skills">Life skills</a>, <a href="/#contact">contact us</a>, ' +
          '<a href="#steps">below</a> or <a href="./other-post">another post</a>.</p>',
        PAGE,
      ),
    ).toBe(
      '<p><a href="https://www.example.org/services/life-skills">Life skills</a>, ' +
        '<a href="https://www.example.org/#contact">contact us</a>, ' +
        '<a href="https://www.example.org/blog/a-post#steps">below</a> or ' +
        '<a href="https://www.example.org/blog/other-post">another post</a>.</p>',
    );
  });

  it("gives a picture's src and every srcset candidate the site's address, descriptors kept", () => {
    expect(
      withAbsoluteAddresses(
        '<figure><img src="/_astro/a_3.webp" srcset="/_astro/a_1.webp 200w, /_astro/a_2.webp 400w, /_astro/a_3.webp" ' +
          'sizes="92vw" alt="A chart" loading="lazy"></figure>',
        PAGE,
      ),
    ).toBe(
      '<figure><img src="https://www.example.org/_astro/a_3.webp" ' +
        'srcset="https://www.example.org/_astro/a_1.webp 200w, https://www.example.org/_astro/a_2.webp 400w, ' +
        'https://www.example.org/_astro/a_3.webp" sizes="92vw" alt="A chart" loading="lazy"></figure>',
    );
  });

  it('leaves whole addresses and other schemes, the text and its characters as they were', () => {
    const html =
      '<p><a href="https://ontario.ca/page/x?a=1&amp;b=2">Ontario</a> &amp; <a href="mailto:hello@example.com">mail</a> ' +
      '<a href="tel:+15550100123">call</a> &lt;3 “quotes” <img src="https://cdn.example.org/p.webp" alt="x"></p>' +
      '<pre><code>if (a &lt; b) { href="/not-an-attribute" }</code></pre>';
    expect(withAbsoluteAddresses(html, PAGE)).toBe(html);
  });
});

describe('/rss.xml', () => {
  it('leaves out characters XML does not allow, so a pasted control character cannot break the feed', async () => {
    const { GET } = await import('@/pages/rss.xml');
    const day = new Date('2025-01-05T12:00:00Z');
    feedPosts.splice(0, feedPosts.length, {
      slug: 'routines',
      title: 'Morning routines\u000bthat work',
      excerpt: 'A short\u0001 guide',
      author: 'Sam\u0008',
      tags: ['Home\u001f'],
      html: '<p>Text with\u000c a control\uffff character.</p>',
      publishedAt: day,
      updatedAt: day,
    });
    const response = await GET({ site: new URL('https://www.example.org') } as Parameters<typeof GET>[0]);
    const xml = await response.text();
    expect(response.headers.get('content-type')).toMatch(/xml/);
    // eslint-disable-next-line no-control-regex
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
    expect(xml).toContain('<title>Morning routinesthat work</title>');
    expect(xml).toContain('Text with a control character.');
  });
});
