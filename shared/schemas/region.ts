/** GET /api/region: the county this site serves (docs/decisions/0098-counties-are-data.md). */
export interface RegionAnswer {
  slug: string;
  name: string;
  state: string;
  siteTitle: string;
  towns: { slug: string; name: string; label: string; geo: { lat: number; lng: number } | null }[];
  services: { slug: string; name: string }[];
}
