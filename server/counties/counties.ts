import { asc, desc, eq, sql } from 'drizzle-orm';
import type { CountyLeadDelivery } from '@shared/schemas/lead-routing';
import type { AdminCountyAnswer, CountyListing, CountySummary, RegionAnswer } from '@shared/schemas/region';
import { inTransaction, type AppContext, type DbCtx, type ServiceCtx } from '../context';
import { regions, regionServices, services, towns } from '../db/schema';
import { conflict, invalid, notFound } from '../domain/errors';
import { findCounty, loadDataset, type DatasetCounty } from './dataset';
import { siteUrlOf } from './host';
import { readCountyRows } from './county-rows';
import { countyLaunchFigures, NO_LAUNCH_FIGURES } from './launch-figures';

/** The wording a new county's site starts with, in the default county's pattern (docs/decisions/0098-counties-are-data.md). */
function wordingOf(county: DatasetCounty) {
  const firstPlaces = county.places.slice(0, 3).map((p) => p.name);
  return {
    name: county.name,
    siteTitle: `${county.name} Contractors`,
    shortTitle: `${county.name.replace(/ County$/, ' Co.')} Contractors`,
    tagline: firstPlaces.length
      ? `Serving ${firstPlaces.join(', ')} & All ${county.name}`
      : `Serving All ${county.name}`,
  };
}

const kindOf = (name: string) => (/ Township$/.test(name) ? 'township' : / Borough$/.test(name) ? 'borough' : 'other');

/**
 * Adds a Pennsylvania county from the bundled dataset: its row (worded like the default county,
 * with the default's time zone, state rules and support address until the operator changes
 * them), its places as towns, and every service of the taxonomy. A county added twice is refused.
 */
export async function addCounty(ctx: DbCtx, typed: string): Promise<CountySummary> {
  const county = findCounty(await loadDataset(), typed);
  if (!county) {
    throw invalid(`No Pennsylvania county is called '${typed}'`, {
      county: 'Not a Pennsylvania county: check the spelling',
    });
  }
  return inTransaction(ctx, async ({ db }) => {
    const [home] = await db.select().from(regions).where(eq(regions.isDefault, true));
    if (!home) throw conflict('The default county is missing: start the app once to set it up');
    const [row] = await db
      .insert(regions)
      .values({
        slug: county.slug,
        state: home.state,
        template: home.template,
        timeZone: home.timeZone,
        supportEmail: home.supportEmail,
        ...wordingOf(county),
      })
      .onConflictDoNothing({ target: regions.slug })
      .returning({ id: regions.id });
    if (!row) throw conflict(`${county.name} has already been added`);
    const places = [...county.places].sort((a, b) => a.name.localeCompare(b.name));
    if (places.length) {
      await db.insert(towns).values(
        places.map((p, i) => ({
          regionId: row.id,
          slug: p.slug,
          name: p.name,
          label: p.name,
          kind: kindOf(p.name),
          aliases: [p.name.toLowerCase()],
          lat: p.geo.lat,
          lng: p.geo.lng,
          sortOrder: i,
        })),
      );
    }
    const all = await db.select({ id: services.id }).from(services).orderBy(asc(services.sortOrder));
    if (all.length) await db.insert(regionServices).values(all.map((s) => ({ regionId: row.id, serviceId: s.id })));
    const { siteTitle } = wordingOf(county);
    return {
      id: row.id,
      slug: county.slug,
      name: county.name,
      state: home.state,
      siteTitle,
      isDefault: false,
      towns: places.length,
      services: all.length,
      leadDelivery: 'automatic',
      releaseAfterHours: 48,
    };
  });
}

/** The county a site serves, as GET /api/region answers it: its towns and services in their order. */
export async function countyAnswer(ctx: DbCtx, slug: string): Promise<RegionAnswer> {
  const { row, townRows, serviceRows } = await readCountyRows(ctx, slug);
  return {
    slug: row.slug,
    name: row.name,
    state: row.state,
    siteTitle: row.siteTitle,
    towns: townRows.map((t) => ({
      slug: t.slug,
      name: t.name,
      label: t.label,
      geo: t.lat === null || t.lng === null ? null : { lat: t.lat, lng: t.lng },
    })),
    services: serviceRows,
  };
}

/** A county as its administrators work in it: its towns by id and its services (the admin guard has checked it is theirs). */
export async function adminCounty(ctx: DbCtx, id: number): Promise<AdminCountyAnswer> {
  const [found] = await ctx.db.select({ slug: regions.slug }).from(regions).where(eq(regions.id, id));
  if (!found) throw notFound('County not found');
  const { row, townRows, serviceRows } = await readCountyRows(ctx, found.slug);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    towns: townRows.map((t) => ({ id: t.id, slug: t.slug, label: t.label })),
    services: serviceRows,
    leadDelivery: row.leadDelivery,
    releaseAfterHours: row.releaseAfterHours,
  };
}

/** Every county of the deployment, the default first, with how many towns and services each has (one statement). */
export async function listCounties(ctx: DbCtx): Promise<CountySummary[]> {
  const rows = await ctx.db
    .select({
      id: regions.id,
      slug: regions.slug,
      name: regions.name,
      state: regions.state,
      siteTitle: regions.siteTitle,
      isDefault: regions.isDefault,
      // Named in full: in a one-table select Drizzle leaves columns unqualified, which inside the subquery would be its own.
      towns: sql<number>`(select count(*) from towns t where t."region_id" = "regions"."id")`.mapWith(Number),
      services: sql<number>`(select count(*) from region_services s where s."region_id" = "regions"."id")`.mapWith(
        Number,
      ),
      leadDelivery: regions.leadDelivery,
      releaseAfterHours: regions.releaseAfterHours,
    })
    .from(regions);
  return rows.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name));
}

/**
 * GET /api/admin/counties: every county with its launch figures
 * (docs/decisions/0133-launch-figures-and-honest-home.md), two statements for the whole list.
 */
export async function listCountiesWithLaunch(ctx: ServiceCtx): Promise<CountyListing[]> {
  const [counties, launch] = await Promise.all([listCounties(ctx), countyLaunchFigures(ctx)]);
  return counties.map((c) => ({ ...c, launch: launch.get(c.id) ?? NO_LAUNCH_FIGURES }));
}

/** What a county's emails say of its site: its name, its title and its address. */
export interface CountySiteWords {
  slug: string;
  /** 'Sullivan County, PA' */
  displayName: string;
  siteTitle: string;
  /** Its site's address (docs/decisions/0099-county-by-host.md), from the deployment's (ctx.siteUrl). */
  siteUrl: string;
}

const siteWordsOf = (row: typeof regions.$inferSelect, deploymentUrl: string): CountySiteWords => ({
  slug: row.slug,
  displayName: `${row.name}, ${row.state}`,
  siteTitle: row.siteTitle,
  siteUrl: siteUrlOf(row, deploymentUrl),
});

/** Every county's site, by id, the default county first, for a job writing for several counties at once. */
export async function countySitesById(
  ctx: Pick<AppContext, 'db' | 'siteUrl'>,
): Promise<{ defaultId: number; sites: Map<number, CountySiteWords> }> {
  const rows = await ctx.db.select().from(regions).orderBy(desc(regions.isDefault), asc(regions.name));
  const home = rows.find((r) => r.isDefault);
  if (!home) throw conflict('The default county is missing: start the app once to set it up');
  return { defaultId: home.id, sites: new Map(rows.map((r) => [r.id, siteWordsOf(r, ctx.siteUrl)])) };
}

/** The site of a county, by its slug or id, for the links and words of the emails sent for it. */
export async function countySiteWords(
  ctx: Pick<AppContext, 'db' | 'siteUrl'>,
  county: { slug: string } | { id: number },
): Promise<CountySiteWords> {
  const [row] = await ctx.db
    .select()
    .from(regions)
    .where('slug' in county ? eq(regions.slug, county.slug) : eq(regions.id, county.id));
  if (!row) throw notFound('No such county');
  return siteWordsOf(row, ctx.siteUrl);
}

/** The platform administrator sets how a county's leads are delivered (docs/decisions/0117-lead-routing.md). */
export async function setCountyLeadDelivery(ctx: DbCtx, id: number, input: CountyLeadDelivery): Promise<CountySummary> {
  const [row] = await ctx.db.update(regions).set(input).where(eq(regions.id, id)).returning({ slug: regions.slug });
  if (!row) throw notFound('County not found');
  const found = (await listCounties(ctx)).find((c) => c.id === id);
  if (!found) throw notFound('County not found');
  return found;
}
