import type { Region, Town } from './region';

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance between two towns' centres, in miles. */
export function milesBetween(a: Town, b: Town): number {
  const dLat = rad(b.geo.lat - a.geo.lat);
  const dLng = rad(b.geo.lng - a.geo.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.geo.lat)) * Math.cos(rad(b.geo.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/**
 * A town's neighbours among `candidates` (town slugs, say those where a service is offered): the
 * `limit` nearest by the region's town centres, nearest first, the town itself left out
 * (docs/decisions/0030-service-pages.md). Unknown slugs are skipped.
 */
export function nearestTowns(from: string, candidates: readonly string[], limit: number, r: Region): Town[] {
  const origin = r.towns.find((t) => t.slug === from);
  if (!origin) return [];
  return r.towns
    .filter((t) => t.slug !== from && candidates.includes(t.slug))
    .map((t) => ({ t, d: milesBetween(origin, t) }))
    .sort((a, b) => a.d - b.d || a.t.name.localeCompare(b.t.name))
    .slice(0, limit)
    .map((x) => x.t);
}
