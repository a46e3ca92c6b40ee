import { Link } from 'wouter';
import type { Service, Town } from '@shared/region';
import { useRegion } from '@/lib/region';
import { placeName, servicePageHref, servicesIn, useServiceCoverage } from '../service-pages';

/**
 * Links to the service pages of a place (a town, or the whole county), each service with its
 * count: how visitors and crawlers reach those pages from the home and search pages
 * (docs/decisions/0030-service-pages.md). Nothing until the counts are known (the server render has
 * them).
 */
export function ServicePageLinks({ town, className }: { town: Town | null; className?: string }) {
  const region = useRegion();
  const { data } = useServiceCoverage();
  const links = data ? servicesIn(data, town?.slug ?? null, region) : [];
  if (links.length === 0) return null;
  const headingId = `service-links-${town?.slug ?? 'county'}`;
  return (
    <nav aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-lg font-semibold">{`Contractors in ${placeName(town, region)} by service`}</h2>
      <ServiceLinkList links={links} town={town} />
    </nav>
  );
}

export function ServiceLinkList({ links, town }: { links: { service: Service; count: number }[]; town: Town | null }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {links.map(({ service, count }) => (
        <li key={service.slug}>
          <Link
            href={servicePageHref(service.slug, town?.slug)}
            className="text-primary underline-offset-4 hover:underline"
          >
            {service.name}
          </Link>{' '}
          <span className="text-muted-foreground">{`(${count})`}</span>
        </li>
      ))}
    </ul>
  );
}
