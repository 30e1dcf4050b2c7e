// Structured data of a post (src/lib/content/seo.ts): what search engines read of it.
import { describe, expect, it } from 'vitest';
import { blogPostingJsonLd, type PostingFacts } from '@/lib/content/seo';

const post: PostingFacts = {
  title: 'Visual schedules',
  excerpt: 'Pictures that show what comes next.',
  author: 'Admin',
  tags: ['Routines', 'Home'],
  publishedAt: new Date('2025-01-05T12:00:00Z'),
  updatedAt: new Date('2025-02-01T15:30:00Z'),
  href: '/blog/visual-schedules',
  image: '/_astro/visual-schedules.webp',
};

describe('a post as a BlogPosting', () => {
  it('names the post, its dates, its address and picture on the site, and the practice', () => {
    const data = blogPostingJsonLd(post, 'https://www.example.org');
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Visual schedules',
      datePublished: '2025-01-05T12:00:00.000Z',
      dateModified: '2025-02-01T15:30:00.000Z',
      mainEntityOfPage: 'https://www.example.org/blog/visual-schedules',
      image: 'https://www.example.org/_astro/visual-schedules.webp',
      publisher: { '@id': 'https://www.example.org/#practice' },
      keywords: 'Routines, Home',
    });
    expect(blogPostingJsonLd({ ...post, image: undefined }, 'https://www.example.org')).not.toHaveProperty(
      'image',
    );
  });

  it('is never modified before it was published (a post scheduled after its last edit)', () => {
    const scheduled = {
      ...post,
      publishedAt: new Date('2026-12-07T13:00:00Z'),
      updatedAt: new Date('2026-12-01T09:00:00Z'),
    };
    expect(blogPostingJsonLd(scheduled, 'https://www.example.org').dateModified).toBe(
      '2026-12-07T13:00:00.000Z',
    );
  });
});
