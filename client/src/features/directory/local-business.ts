import { openingHoursSpec } from '@shared/business-hours';
import type { Region } from '@shared/region';
import type { ContractorProfile } from '@shared/schemas/directory';
import { townFromText } from '@shared/taxonomy';
import { isRated } from './rating';

/** schema.org description of a contractor for search engines (docs/decisions/0011-server-rendered-pages.md); the credential's words are the page's county's (docs/decisions/0034-credentials-by-region.md, docs/decisions/0102-region-in-boot-data.md). */
export function localBusinessJsonLd(c: ContractorProfile, siteUrl: string, region: Region): object {
  const town =
    region.towns.find((t) => t.slug === townFromText(c.city, region)) ?? region.towns[region.towns.length - 1]!;
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    name: c.name,
    description: c.description,
    // Its canonical address: on its home county's site when that is another (docs/decisions/0106-county-emails-and-jobs.md).
    url: c.canonicalUrl ?? `${siteUrl}/contractor/${c.id}`,
    address: {
      '@type': 'PostalAddress',
      addressLocality: c.city,
      addressRegion: c.state,
      postalCode: c.zip || undefined,
      addressCountry: 'US',
    },
    areaServed: [
      ...c.serviceAreas.map((name) => ({ '@type': 'Place', name: `${name}, ${region.state}` })),
      {
        '@type': 'GeoCircle',
        geoMidpoint: { '@type': 'GeoCoordinates', latitude: town.geo.lat, longitude: town.geo.lng },
        geoRadius: `${region.serviceRadiusMiles} mi`,
      },
    ],
    // An unclaimed listing's hours and price range would be the defaults, not the business's; its phone is the public record's (docs/decisions/0131-listing-claims.md).
    ...(c.unclaimed
      ? { telephone: c.phone ?? undefined }
      : { openingHours: openingHoursSpec(c.businessHours), priceRange: c.priceRange }),
    // Claimed only while an administrator's verification stands: an expired registration drops it the same day (docs/decisions/0033-credential-expiry.md).
    ...(c.licenseNumber && c.credentials.registration.verified
      ? {
          hasCredential: {
            '@type': 'EducationalOccupationalCredential',
            credentialCategory: 'license',
            name: region.credentials.registration.name,
            identifier: c.licenseNumber,
            recognizedBy: { '@type': 'GovernmentOrganization', name: region.credentials.registration.issuer },
          },
        }
      : {}),
    // No aggregateRating without a published review: a rating of 0 from none is no rating (docs/decisions/0094-no-rating-without-a-review.md).
    ...(isRated(c)
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: c.rating,
            reviewCount: c.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
