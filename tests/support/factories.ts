import { eq, sql } from 'drizzle-orm';
import { region } from '../../shared/region';
import { resolveService } from '../../shared/taxonomy';
import type { Db } from '../../server/db/client';
import {
  contractorServiceAreas,
  contractorServices,
  leads,
  towns as townsTable,
  type ContractorRow,
} from '../../server/db/schema';
import {
  contractorValues,
  leadValues,
  rng,
  type ContractorOverrides,
  type NewLeadRow,
} from '../../server/db/seed/factories';
import { insertContractors } from '../../server/db/seed/insert-contractors';
import { readTaxonomyIds } from '../../server/directory/taxonomy';

/**
 * Test data: rows made by the factories (server/db/seed/factories.ts, which the sample seed uses
 * too) with only what a test cares about given, written to the database. The benchmarks' scale
 * seed (bench/lib/scale-seed.ts) fills its databases with the random spreads below.
 */
export {
  contractorValues,
  leadValues,
  licenceNumber,
  nextLicenceNumber,
  rng,
  type NewLeadRow,
} from '../../server/db/seed/factories';

/** The listing's fields, its credentials (`registration`, `insurance`) and its `billing`, as contractorValues takes them, and where it works. */
export interface ContractorSpec extends ContractorOverrides {
  /** Service slugs it offers, in its order (default: general contracting). */
  services?: readonly string[];
  /** Its home town's slug (default Laporte): sets the home town and, unless given, the city. */
  homeTown?: string;
  /** Town slugs it works in besides its home town. */
  serviceAreas?: readonly string[];
  /** The county (slug) whose towns `homeTown` and `serviceAreas` name (default: the default county). */
  county?: string;
}

/**
 * A contractor of the test's own, listed (approved, visible) unless the overrides say otherwise,
 * with its services and service areas; answers the stored listing. Its name, email and licence are
 * unique, so no other test's data or the sample data is in its figures.
 */
export async function createContractor(
  db: Db,
  {
    services = ['general-contracting'],
    homeTown = 'laporte',
    serviceAreas = [],
    county,
    ...overrides
  }: ContractorSpec = {},
): Promise<ContractorRow> {
  const ids = await readTaxonomyIds(db, county);
  const idOf = (map: ReadonlyMap<string, number>, slug: string) => {
    const id = map.get(slug);
    if (id === undefined) throw new Error(`No town or service with the slug ${slug}`);
    return id;
  };
  const homeTownId = idOf(ids.townId, homeTown);
  const city =
    county === undefined
      ? region.towns.find((t) => t.slug === homeTown)!.name
      : (await db.select({ name: townsTable.name }).from(townsTable).where(eq(townsTable.id, homeTownId)))[0]!.name;
  const [row] = await insertContractors(db, [contractorValues({ city, homeTownId, ...overrides })]);
  if (services.length)
    await db
      .insert(contractorServices)
      .values(
        services.map((slug, position) => ({ contractorId: row!.id, serviceId: idOf(ids.serviceId, slug), position })),
      );
  const towns = new Set([homeTownId, ...serviceAreas.map((slug) => idOf(ids.townId, slug))]);
  await db.insert(contractorServiceAreas).values([...towns].map((townId) => ({ contractorId: row!.id, townId })));
  return row!;
}

/** A quote request stored directly (not through the form), status new unless overridden; answers the stored row. */
export async function createLead(db: Db, overrides: Partial<NewLeadRow> = {}) {
  const [row] = await db.insert(leads).values(leadValues(overrides)).returning();
  return row!;
}

const FIRST = [
  'Oak',
  'Pine',
  'Hemlock',
  'Ridge',
  'Creek',
  'Valley',
  'Summit',
  'Laurel',
  'Maple',
  'Birch',
  'Stone',
  'Iron',
];
const LAST = [
  'Builders',
  'Contracting',
  'Home Services',
  'Construction',
  'Renovations',
  'Roofing',
  'Electric',
  'Mechanical',
  'Masonry',
  'Carpentry',
];

/**
 * n approved, visible contractors spread at random (from `seed`, the same on every run) over the
 * towns, services, ratings and review counts, inserted `batch` rows at a time.
 */
export async function createContractorsAtRandom(db: Db, n: number, { seed = 42, batch = 1000 } = {}): Promise<void> {
  const rand = rng(seed);
  const ids = await readTaxonomyIds(db);
  const serviceIds = [...ids.serviceId.values()];
  const townIds = [...ids.townId.entries()];
  for (let start = 0; start < n; start += batch) {
    const size = Math.min(batch, n - start);
    // The draws keep the order they had in the first scale seed, so the benchmarks' data is unchanged.
    const rows = Array.from({ length: size }, (_, i) => {
      const [townSlug, townId] = townIds[Math.floor(rand() * townIds.length)]!;
      const town = region.towns.find((t) => t.slug === townSlug)!;
      return contractorValues({
        name: `${FIRST[Math.floor(rand() * FIRST.length)]} ${LAST[Math.floor(rand() * LAST.length)]} ${start + i + 1}`,
        email: `bench${start + i + 1}@example.com`,
        city: town.name,
        state: region.state,
        homeTownId: townId,
        rating: Math.round((3 + rand() * 2) * 10) / 10,
        reviewCount: Math.floor(rand() * 200),
        verified: rand() < 0.8,
      });
    });
    const inserted = await insertContractors(db, rows);
    const svc = inserted.flatMap(({ id }) => {
      const count = 1 + Math.floor(rand() * 4);
      const picked = new Set(Array.from({ length: count }, () => serviceIds[Math.floor(rand() * serviceIds.length)]!));
      return [...picked].map((serviceId, position) => ({ contractorId: id, serviceId, position }));
    });
    await db.insert(contractorServices).values(svc);
    const areas = inserted.flatMap(({ id, homeTownId }) => {
      const extra = new Set([
        homeTownId!,
        ...Array.from({ length: Math.floor(rand() * 3) }, () => townIds[Math.floor(rand() * townIds.length)]![1]),
      ]);
      return [...extra].map((townId) => ({ contractorId: id, townId }));
    });
    await db.insert(contractorServiceAreas).values(areas);
  }
}

/**
 * n quote requests for random contractors (ids 1 to the highest, which must all exist), over the
 * quote form's services and the towns, dated over the last year, mostly new and delivered;
 * random from `seed`, inserted `batch` rows at a time.
 */
export async function createLeadsAtRandom(db: Db, n: number, { seed = 7, batch = 5000 } = {}): Promise<void> {
  const rand = rng(seed);
  const ids = await readTaxonomyIds(db);
  const townIds = [...ids.townId.values()];
  const res = (await db.execute(sql`select coalesce(max(id), 0)::int as max from contractors`)) as unknown as {
    rows: { max: number }[];
  };
  const max = res.rows[0]?.max ?? 0;
  const statuses = ['new', 'new', 'delivered', 'contacted', 'won', 'lost'] as const;
  const start = Date.now() - 365 * 24 * 3600_000;
  for (let done = 0; done < n; done += batch) {
    const size = Math.min(batch, n - done);
    const rows = Array.from({ length: size }, (_, i) => {
      const option = region.quoteServices[Math.floor(rand() * region.quoteServices.length)]!;
      return leadValues({
        name: `Homeowner ${done + i + 1}`,
        email: `owner${done + i + 1}@example.com`,
        serviceNeeded: option.label,
        serviceSlugs: resolveService(option.value, region) ?? [],
        townId: townIds[Math.floor(rand() * townIds.length)]!,
        requestedContractorId: 1 + Math.floor(rand() * Math.max(1, max)),
        status: statuses[Math.floor(rand() * statuses.length)]!,
        createdAt: new Date(start + Math.floor(rand() * 365 * 24 * 3600_000)),
      });
    });
    await db.insert(leads).values(rows);
  }
}
