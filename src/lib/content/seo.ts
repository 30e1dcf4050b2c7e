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

/** Serialises JSON-LD so that no string inside it can close the <script> element. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** '<page> | <practice>' unless the page title already names the practice. */
export function pageTitle(title: string): string {
  return title.includes(practice.shortName) ? title : `${title} | ${practice.shortName}`;
}
