import type { Db } from '../db/client';
import { services, towns } from '../db/schema';

export interface TaxonomyIds {
  serviceId: Map<string, number>;
  townId: Map<string, number>;
  townSlugById: Map<number, string>;
}

const cache = new WeakMap<Db, Promise<TaxonomyIds>>();

/**
 * Slug -> id maps of the towns and services tables. They change only at start-up (seed sync),
 * so one read per database handle is enough.
 */
export function taxonomyIds(db: Db): Promise<TaxonomyIds> {
  let p = cache.get(db);
  if (!p) {
    p = (async () => {
      const [s, t] = await Promise.all([db.select({ id: services.id, slug: services.slug }).from(services), db.select({ id: towns.id, slug: towns.slug }).from(towns)]);
      return {
        serviceId: new Map(s.map((r) => [r.slug, r.id])),
        townId: new Map(t.map((r) => [r.slug, r.id])),
        townSlugById: new Map(t.map((r) => [r.id, r.slug])),
      };
    })();
    p.catch(() => cache.delete(db));
    cache.set(db, p);
  }
  return p;
}
