// The site's address for canonical URLs, Open Graph, the feed and robots.txt: one fallback.
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SITE, siteOrigin } from '@/lib/site/origin';

describe('siteOrigin', () => {
  it('drops the trailing slash of the configured site', () => {
    expect(siteOrigin(new URL('https://example.org/'))).toBe('https://example.org');
    expect(siteOrigin('https://example.org/')).toBe('https://example.org');
    expect(siteOrigin(new URL('https://example.org/base/'))).toBe('https://example.org/base');
  });

  it('falls back to the development server when no site is set', () => {
    expect(DEVELOPMENT_SITE).toBe('http://localhost:4321');
    expect(siteOrigin(undefined)).toBe('http://localhost:4321');
  });
});
