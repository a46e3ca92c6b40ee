import { sql } from 'drizzle-orm';
import { region } from '../../shared/region';
import { resolveService } from '../../shared/taxonomy';
import type { Db } from '../../server/db/client';
import { contractorServiceAreas, contractorServices, contractors, leads } from '../../server/db/schema';
import { readTaxonomyIds } from '../../server/directory/taxonomy';

/** Deterministic pseudo-random numbers, so every run measures the same data. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const FIRST = ['Oak', 'Pine', 'Hemlock', 'Ridge', 'Creek', 'Valley', 'Summit', 'Laurel', 'Maple', 'Birch', 'Stone', 'Iron'];
const LAST = ['Builders', 'Contracting', 'Home Services', 'Construction', 'Renovations', 'Roofing', 'Electric', 'Mechanical', 'Masonry', 'Carpentry'];

/** Adds n approved, visible contractors spread over the towns and services, in batches. */
export async function seedScaleContractors(db: Db, n: number, seed = 42, batch = 1000): Promise<void> {
  const rand = rng(seed);
  const ids = await readTaxonomyIds(db);
  const serviceIds = [...ids.serviceId.values()];
  const townIds = [...ids.townId.entries()];
  for (let start = 0; start < n; start += batch) {
    const size = Math.min(batch, n - start);
    const rows = Array.from({ length: size }, (_, i) => {
      const [townSlug, townId] = townIds[Math.floor(rand() * townIds.length)]!;
      const town = region.towns.find((t) => t.slug === townSlug)!;
      return {
        name: `${FIRST[Math.floor(rand() * FIRST.length)]} ${LAST[Math.floor(rand() * LAST.length)]} ${start + i + 1}`,
        email: `bench${start + i + 1}@example.com`,
        phone: '(570) 555-0100',
        city: town.name,
        state: region.state,
        zip: '18626',
        homeTownId: townId,
        description: 'Local contractor serving Sullivan County homeowners with careful, licensed work.',
        licenseNumber: `PA${String(100000 + start + i).slice(-6)}`,
        insuranceInfo: 'General liability $1M',
        rating: Math.round((3 + rand() * 2) * 10) / 10,
        reviewCount: Math.floor(rand() * 200),
        verified: rand() < 0.8,
        approvalStatus: 'approved' as const,
        isVisible: true,
      };
    });
    const inserted = await db.insert(contractors).values(rows).returning({ id: contractors.id, homeTownId: contractors.homeTownId });
    const svc = inserted.flatMap(({ id }) => {
      const count = 1 + Math.floor(rand() * 4);
      const picked = new Set(Array.from({ length: count }, () => serviceIds[Math.floor(rand() * serviceIds.length)]!));
      return [...picked].map((serviceId, position) => ({ contractorId: id, serviceId, position }));
    });
    await db.insert(contractorServices).values(svc);
    const areas = inserted.flatMap(({ id, homeTownId }) => {
      const extra = new Set([homeTownId!, ...Array.from({ length: Math.floor(rand() * 3) }, () => townIds[Math.floor(rand() * townIds.length)]![1])]);
      return [...extra].map((townId) => ({ contractorId: id, townId }));
    });
    await db.insert(contractorServiceAreas).values(areas);
  }
  await db.execute(sql`analyze`);
}

/** Adds n leads for random listed contractors, in batches; statuses mostly new and delivered. */
export async function seedScaleLeads(db: Db, n: number, seed = 7, batch = 5000): Promise<void> {
  const rand = rng(seed);
  const ids = await readTaxonomyIds(db);
  const townIds = [...ids.townId.values()];
  const res = (await db.execute(sql`select coalesce(max(id), 0)::int as max from contractors`)) as unknown as { rows: { max: number }[] };
  const max = res.rows[0]?.max ?? 0;
  const statuses = ['new', 'new', 'delivered', 'contacted', 'won', 'lost'] as const;
  const start = Date.now() - 365 * 24 * 3600_000;
  for (let done = 0; done < n; done += batch) {
    const size = Math.min(batch, n - done);
    const rows = Array.from({ length: size }, (_, i) => {
      const option = region.quoteServices[Math.floor(rand() * region.quoteServices.length)]!;
      return {
        name: `Homeowner ${done + i + 1}`,
        email: `owner${done + i + 1}@example.com`,
        phone: '(570) 555-0199',
        serviceNeeded: option.label,
        serviceSlugs: resolveService(option.value) ?? [],
        location: 'Laporte, PA',
        townId: townIds[Math.floor(rand() * townIds.length)]!,
        projectDetails: 'Looking for a quote on a project at our place this season.',
        requestedContractorId: 1 + Math.floor(rand() * Math.max(1, max)),
        leadPriceCents: 2500,
        status: statuses[Math.floor(rand() * statuses.length)]!,
        createdAt: new Date(start + Math.floor(rand() * 365 * 24 * 3600_000)),
      };
    });
    await db.insert(leads).values(rows);
  }
  // What autovacuum does to a table after a million inserts: statistics, and the visibility map
  // that lets the admin list's index-only scans skip the table.
  await db.execute(sql`vacuum analyze leads`);
}
