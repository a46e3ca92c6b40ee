import { Link } from 'wouter';
import { useRegion } from '@/lib/region';
import { Badge } from '@/components/ui/badge';
import { placeName, serviceOfName, servicePageHref, townOfName } from '../service-pages';

/**
 * A profile's services and service areas as links to the service pages
 * (docs/decisions/0030-service-pages.md), keeping the words the profile shows. Each page they lead
 * to lists this contractor, so none is a 404. A name the taxonomy does not know stays plain text.
 */

/** A service the contractor offers: its page for the whole county. */
export function ServiceLink({ name }: { name: string }) {
  const region = useRegion();
  const service = serviceOfName(name, region);
  if (!service) return <>{name}</>;
  return (
    <Link href={servicePageHref(service.slug)} className="underline-offset-4 hover:text-primary hover:underline">
      {name}
    </Link>
  );
}

/** A town the contractor serves: the page of its first service there. */
export function ServiceAreaLink({ name, services }: { name: string; services: readonly string[] }) {
  const region = useRegion();
  const town = townOfName(name, region);
  const service = services.map((s) => serviceOfName(s, region)).find((s) => s !== undefined);
  const badge = <Badge variant="secondary">{name}</Badge>;
  if (!town || !service) return badge;
  return (
    <Link
      href={servicePageHref(service.slug, town.slug)}
      title={`${service.name} contractors in ${placeName(town, region)}`}
      className="rounded-full hover:opacity-80"
    >
      {badge}
    </Link>
  );
}
