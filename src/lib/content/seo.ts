// Structured data and head metadata helpers, used by the layout (build time only).
import { practice } from '../site/settings';

/** JSON-LD describing the practice as a local business. */
export function businessJsonLd(siteUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalBusiness',
    '@id': `${siteUrl}/#practice`,
    name: practice.name,
    description: practice.description,
    url: `${siteUrl}/`,
    email: practice.email,
    telephone: practice.phone,
    faxNumber: practice.fax,
    areaServed: { '@type': 'AdministrativeArea', name: practice.serviceArea },
    address: { '@type': 'PostalAddress', addressRegion: practice.region, addressCountry: practice.country },
    openingHoursSpecification: practice.hours
      .filter((row) => !row.closed)
      .map((row) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: row.dayCodes,
        opens: 'open24' in row ? row.open24 : undefined,
        closes: 'close24' in row ? row.close24 : undefined,
      })),
  };
}

/** What a post's JSON-LD says of it (src/pages/blog/[slug].astro). */
export interface PostingFacts {
  title: string;
  excerpt: string;
  author: string;
  tags: readonly string[];
  publishedAt: Date;
  updatedAt: Date;
  /** The post's address and its picture's, site-relative ('/blog/a', '/_astro/a.webp'). */
  href: string;
  image?: string | undefined;
}

/** JSON-LD describing a post as a BlogPosting of the practice. */
export function blogPostingJsonLd(post: PostingFacts, siteUrl: string): Record<string, unknown> {
  // Never modified before it was published: a post scheduled after its last edit has an earlier updatedAt.
  const modified = Math.max(post.updatedAt.getTime(), post.publishedAt.getTime());
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    datePublished: post.publishedAt.toISOString(),
    dateModified: new Date(modified).toISOString(),
    author: { '@type': 'Person', name: post.author },
    publisher: { '@id': `${siteUrl}/#practice`, name: practice.name },
    mainEntityOfPage: `${siteUrl}${post.href}`,
    ...(post.image ? { image: `${siteUrl}${post.image}` } : {}),
    keywords: post.tags.join(', '),
  };
}

/** Serialises JSON-LD so that no string inside it can close the <script> element. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** '<page> | <practice>' unless the page title already names the practice. */
export function pageTitle(title: string): string {
  return title.includes(practice.shortName) ? title : `${title} | ${practice.shortName}`;
}
