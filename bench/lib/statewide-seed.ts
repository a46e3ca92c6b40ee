import { asc, eq, sql } from 'drizzle-orm';
import { region } from '../../shared/region';
import { resolveService } from '../../shared/taxonomy';
import type { Db } from '../../server/db/client';
import { contractorServiceAreas, contractorServices, leads, regions, services, towns } from '../../server/db/schema';
import { contractorValues, leadValues, rng } from '../../server/db/seed/factories';
import { insertContractors } from '../../server/db/seed/insert-contractors';
import { loadDataset } from '../../server/counties/dataset';
import { addCounty } from '../../server/counties/counties';

/** A county as the statewide bench uses it: its slug, id and towns. */
export interface BenchCounty {
  slug: string;
  id: number;
  towns: { id: number; slug: string; name: string }[];
}

/** Adds every county of the bundled dataset but `except` (left for the bench to add while serving); answers how long it took. */
export async function addEveryCounty(db: Db, except: string[]): Promise<number> {
  const started = performance.now();
  const existing = new Set((await db.select({ slug: regions.slug }).from(regions)).map((r) => r.slug));
  for (const county of (await loadDataset()).counties) {
    if (!existing.has(county.slug) && !except.includes(county.slug)) await addCounty({ db }, county.slug);
  }
  return performance.now() - started;
}

export async function benchCounties(db: Db): Promise<BenchCounty[]> {
  const rows = await db
    .select({ slug: regions.slug, id: regions.id, townId: towns.id, townSlug: towns.slug, townName: towns.name })
    .from(regions)
    .innerJoin(towns, eq(towns.regionId, regions.id))
    .orderBy(asc(regions.id), asc(towns.sortOrder), asc(towns.id));
  const byId = new Map<number, BenchCounty>();
  for (const r of rows) {
    const county = byId.get(r.id) ?? { slug: r.slug, id: r.id, towns: [] };
    county.towns.push({ id: r.townId, slug: r.townSlug, name: r.townName });
    byId.set(r.id, county);
  }
  return [...byId.values()];
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
 * n approved, listed contractors spread evenly over the counties, each in a home town of its
 * county and up to two more of its towns; one in ten also works in a town of the next county
 * (listed on both sites). Random from `seed`, the same on every run.
 */
export async function seedStatewideContractors(
  db: Db,
  counties: BenchCounty[],
  n: number,
  seed = 42,
  batch = 1000,
): Promise<void> {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const serviceIds = (await db.select({ id: services.id }).from(services)).map((s) => s.id);
  for (let start = 0; start < n; start += batch) {
    const size = Math.min(batch, n - start);
    const homes = Array.from({ length: size }, (_, i) => {
      const at = (start + i) % counties.length;
      return { county: counties[at]!, next: counties[(at + 1) % counties.length]!, town: pick(counties[at]!.towns) };
    });
    const inserted = await insertContractors(
      db,
      homes.map(({ town }, i) =>
        contractorValues({
          name: `${pick(FIRST)} ${pick(LAST)} ${start + i + 1}`,
          email: `statewide${start + i + 1}@example.com`,
          city: town.name,
          state: region.state,
          homeTownId: town.id,
          rating: Math.round((3 + rand() * 2) * 10) / 10,
          reviewCount: Math.floor(rand() * 200),
          verified: rand() < 0.8,
        }),
      ),
    );
    await db
      .insert(contractorServices)
      .values(
        inserted.flatMap(({ id }) =>
          [...new Set(Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(serviceIds)))].map(
            (serviceId, position) => ({ contractorId: id, serviceId, position }),
          ),
        ),
      );
    await db.insert(contractorServiceAreas).values(
      inserted.flatMap(({ id }, i) => {
        const { county, next, town } = homes[i]!;
        const areas = new Set([
          town.id,
          ...Array.from({ length: Math.floor(rand() * 3) }, () => pick(county.towns).id),
        ]);
        if (rand() < 0.1) areas.add(pick(next.towns).id);
        return [...areas].map((townId) => ({ contractorId: id, townId }));
      }),
    );
  }
  await db.execute(sql`analyze`);
}

/** n quote requests spread evenly over the counties, each in one of its towns, dated over the last year. */
export async function seedStatewideLeads(
  db: Db,
  counties: BenchCounty[],
  n: number,
  seed = 7,
  // Each row binds about 15 parameters; a statement takes at most 65,535.
  batch = 3000,
): Promise<void> {
  const rand = rng(seed);
  const res = (await db.execute(sql`select coalesce(max(id), 1)::int as max from contractors`)) as unknown as {
    rows: { max: number }[];
  };
  const max = res.rows[0]?.max ?? 1;
  const statuses = ['new', 'new', 'delivered', 'contacted', 'won', 'lost'] as const;
  const start = Date.now() - 365 * 24 * 3600_000;
  for (let done = 0; done < n; done += batch) {
    const size = Math.min(batch, n - done);
    const rows = Array.from({ length: size }, (_, i) => {
      const county = counties[(done + i) % counties.length]!;
      const town = county.towns[Math.floor(rand() * county.towns.length)]!;
      const option = region.quoteServices[Math.floor(rand() * region.quoteServices.length)]!;
      return {
        ...leadValues({
          name: `Homeowner ${done + i + 1}`,
          email: `owner${done + i + 1}@example.com`,
          serviceNeeded: option.label,
          serviceSlugs: resolveService(option.value, region) ?? [],
          location: `${town.name}, PA`,
          townId: town.id,
          requestedContractorId: 1 + Math.floor(rand() * max),
          status: statuses[Math.floor(rand() * statuses.length)]!,
          createdAt: new Date(start + Math.floor(rand() * 365 * 24 * 3600_000)),
        }),
        regionId: county.id,
      };
    });
    await db.insert(leads).values(rows);
  }
  await db.execute(sql`vacuum analyze leads`);
}

/**
 * What became of the seeded leads, so that the dashboard's figures (docs/decisions/0129-dashboard-charts.md)
 * have a statewide year behind them: by lead id, 60% delivered (half paid by card, half from a plan
 * credit, minutes to hours after the request), 15% released, 5% rejected, the rest held; one in 50
 * withdrawn a day later (the sample data's own leads keep theirs); a third of the deliveries replied to, and one in 25 refunded. Written in
 * slices as the app writes them, so the triggers count it all.
 */
export async function seedStatewideOutcomes(db: Db, slice = 10_000): Promise<void> {
  const res = (await db.execute(sql`select coalesce(max(id), 0)::int as max from leads`)) as unknown as {
    rows: { max: number }[];
  };
  const max = res.rows[0]?.max ?? 0;
  for (let from = 1; from <= max; from += slice) {
    const to = from + slice - 1;
    await db.execute(sql`
      update leads set
        routing = case when id % 20 < 12 then 'delivered' when id % 20 < 15 then 'released' when id % 20 < 16 then 'rejected' else 'held' end,
        withdrawn_at = case when id % 50 = 0 then created_at + interval '1 day' end
      where id between ${from} and ${to} and routing = 'pending'`);
    await db.execute(sql`
      insert into lead_deliveries (lead_id, contractor_id, price_cents, payment_state, paid_at, credited_at, created_at, delivered_by)
      select id, requested_contractor_id, 2500, case when id % 2 = 0 then 'paid' else 'credited' end,
        case when id % 2 = 0 then created_at + (id % 600) * interval '1 minute' end,
        case when id % 2 = 1 then created_at + (id % 600) * interval '1 minute' end,
        created_at + (id % 300) * interval '1 minute', 'system'
      from leads where id between ${from} and ${to} and routing = 'delivered' and requested_contractor_id is not null
        and not exists (select 1 from lead_deliveries d where d.lead_id = leads.id)`);
    await db.execute(sql`
      insert into lead_replies (delivery_id, lead_id, kind, created_at)
      select d.id, d.lead_id, 'called', d.created_at + (d.id % 900) * interval '1 minute'
      from lead_deliveries d where d.lead_id between ${from} and ${to} and d.lead_id % 3 = 0 and d.delivered_by = 'system'
        and not exists (select 1 from lead_replies r where r.delivery_id = d.id)`);
    await db.execute(sql`
      insert into lead_refunds (delivery_id, cause, method, status, amount_cents, payment_intent_id, refunded_at)
      select d.id, 'claim', 'card', 'succeeded', d.price_cents, 'pi_bench_' || d.id, d.paid_at + interval '3 days'
      from lead_deliveries d where d.lead_id between ${from} and ${to} and d.payment_state = 'paid' and d.lead_id % 25 = 0
        and not exists (select 1 from lead_refunds r where r.delivery_id = d.id)`);
  }
  await db.execute(sql`vacuum analyze county_figures`);
}
