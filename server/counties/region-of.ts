import { eq } from 'drizzle-orm';
import { region as defaultRegion, type Region, type ServiceOption, type Town } from '@shared/region';
import type { AppContext } from '../context';
import { regions } from '../db/schema';
import { notFound } from '../domain/errors';
import { siteUrlOf } from './host';
import { templateOf } from './templates';
import { readCountyRows } from './county-rows';

type RegionCtx = Pick<AppContext, 'db' | 'directory' | 'memo'>;
type SiteCtx = RegionCtx & Pick<AppContext, 'siteUrl'>;

/**
 * The Region of a county (its towns, services, wording and rules), as the pages are rendered with
 * it and the browser gets it in the page's boot data (docs/decisions/0102-region-in-boot-data.md).
 * The default county is shared/region.ts's object itself, with no database read, so its site
 * renders exactly as before at no cost per request. Another county is built from its rows (the
 * `regions` row, its towns and services) and its template's wording, and kept per directory version
 * (a trigger bumps it on every write to those tables): until the county changes, every request
 * gets the same object, which the page memo compares by identity (and no one changes).
 */
export async function regionOf(ctx: RegionCtx, slug: string): Promise<Region> {
  if (slug === defaultRegion.slug) return defaultRegion;
  const version = await ctx.directory.version();
  const key = `region/${slug}`;
  return ctx.memo.get(key, version, () => {
    const made = readRegion(ctx, slug);
    // A failed read is not kept: the next request reads again.
    made.catch(() => ctx.memo.forget(key, made));
    return made;
  });
}

/**
 * The address of a county's site (siteUrlOf: its public URL, or under the deployment's), for its
 * canonical links, sitemap, robots and emails; the default county's is the deployment's, with no
 * read. Kept per directory version, as the Region.
 */
export async function siteUrlOfCounty(ctx: SiteCtx, slug: string): Promise<string> {
  if (slug === defaultRegion.slug) return ctx.siteUrl;
  const version = await ctx.directory.version();
  const key = `site-url/${slug}`;
  return ctx.memo.get(key, version, () => {
    const made = ctx.db
      .select({ slug: regions.slug, isDefault: regions.isDefault, publicUrl: regions.publicUrl })
      .from(regions)
      .where(eq(regions.slug, slug))
      .then(([row]) => {
        if (!row) throw notFound('No such county');
        return siteUrlOf(row, ctx.siteUrl);
      });
    made.catch(() => ctx.memo.forget(key, made));
    return made;
  });
}

async function readRegion(ctx: Pick<AppContext, 'db'>, slug: string): Promise<Region> {
  const { row, townRows, serviceRows } = await readCountyRows(ctx, slug);
  const template = templateOf(row.template);
  const placed = townRows.filter((t) => t.lat !== null && t.lng !== null);
  // A place without coordinates is put at the middle of those with them (structured data only).
  const middle = placed.length
    ? { lat: mean(placed.map((t) => t.lat!)), lng: mean(placed.map((t) => t.lng!)) }
    : { lat: 0, lng: 0 };
  const offered = new Set(serviceRows.map((s) => s.slug));
  return {
    ...template,
    slug: row.slug,
    county: row.name,
    state: row.state,
    displayName: `${row.name}, ${row.state}`,
    allLocationsLabel: `All of ${row.name}`,
    tagline: row.tagline,
    shortTitle: row.shortTitle,
    siteTitle: row.siteTitle,
    supportEmail: row.supportEmail,
    timeZone: row.timeZone,
    towns: townRows.map((t): Town => ({
      slug: t.slug,
      name: t.name,
      label: t.label,
      kind: t.kind === 'borough' || t.kind === 'township' ? t.kind : 'other',
      aliases: t.aliases,
      geo: t.lat !== null && t.lng !== null ? { lat: t.lat, lng: t.lng } : middle,
    })),
    services: serviceRows,
    homeSearchServices: offeredOptions(template.homeSearchServices, offered),
    quoteServices: offeredOptions(template.quoteServices, offered),
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The template's choices for the services the county offers: a choice standing for none of them is left out ('Other', standing for none at all, stays). */
function offeredOptions(options: ServiceOption[], offered: ReadonlySet<string>): ServiceOption[] {
  return options.flatMap((o) => {
    if (o.services.length === 0) return [o];
    const kept = o.services.filter((s) => offered.has(s));
    return kept.length ? [{ ...o, services: kept }] : [];
  });
}
