import { eq, isNull, or } from 'drizzle-orm';
import { centsToDecimal } from '@shared/money';
import { priceLead } from '@shared/pricing';
import type { ServiceOption } from '@shared/region';
import type { LeadPriceTable } from '@shared/schemas/lead-prices';
import type { AppContext } from '../../context';
import type { Freshness, Frozen } from '../../directory';
import { pricingRules, regions } from '../../db/schema';
import { regionOf } from '../../counties/region-of';

/** A place that is none of the towns: the lead is priced without location rules. */
export const ELSEWHERE_LABEL = 'Any other place';

type Rule = typeof pricingRules.$inferSelect;

/** What the table lists: a county's towns (with the ids its location rules name) and the services of its quote form. */
export interface PriceTablePlaces {
  towns: readonly { id: number; slug: string; label: string }[];
  quoteServices: readonly ServiceOption[];
}

/** Every column that changes a price or the 'changed' date, and the county's places: the table is made again only when one of them does. */
const fingerprint = (rules: Rule[], places: PriceTablePlaces) =>
  JSON.stringify([
    rules
      .map((r) => [
        r.id,
        r.ruleType,
        r.ruleValue,
        r.townId,
        r.leadPriceCents,
        r.priority,
        r.isActive,
        r.updatedAt.getTime(),
      ])
      .sort((a, b) => Number(a[0]) - Number(b[0])),
    places.towns.map((t) => [t.id, t.slug, t.label]),
    places.quoteServices,
  ]);

/** The table by the engine itself (shared/pricing.ts), as a lead is priced when it is created, with no particular contractor. */
export function buildLeadPriceTable(rules: Rule[], places: PriceTablePlaces): LeadPriceTable {
  const active = rules.filter((r) => r.isActive);
  const columns = [...places.towns, { id: null, slug: null, label: ELSEWHERE_LABEL }];
  const changed = rules.reduce<Date | null>(
    (latest, r) => (!latest || r.updatedAt > latest ? r.updatedAt : latest),
    null,
  );
  return {
    towns: columns.map((t) => ({ slug: t.slug, label: t.label })),
    services: places.quoteServices.map((s) => ({
      value: s.value,
      label: s.label,
      prices: columns.map((t) =>
        centsToDecimal(priceLead(active, { serviceSlugs: s.services, townId: t.id, contractorId: null }).priceCents),
      ),
    })),
    rulesChangedAt: changed?.toISOString() ?? null,
  };
}

/** A county's towns with their ids and its quote services, as its site shows them. */
async function placesOf(ctx: Pick<AppContext, 'db' | 'directory' | 'memo'>, county: string): Promise<PriceTablePlaces> {
  const [region, ids] = await Promise.all([regionOf(ctx, county), ctx.directory.taxonomy(county)]);
  return {
    towns: region.towns.flatMap((t) => {
      const id = ids.townId.get(t.slug);
      return id === undefined ? [] : [{ id, slug: t.slug, label: t.label }];
    }),
    quoteServices: region.quoteServices,
  };
}

/**
 * A county's public price table (docs/decisions/0062-lead-prices-in-the-open.md,
 * docs/decisions/0107-pricing-per-county.md): its towns and quote services, priced by its rules and
 * the platform defaults. The rules are read at every request, so a change made through any app
 * process shows at the next request to any other; the table is made again only when they (or the
 * county's places) changed, and the same answer object is handed out meanwhile, so its JSON, gzip
 * and rendered page are reused. While the database is unreachable the last table is answered
 * (STALE_IF_ERROR).
 */
export function leadPriceTable(
  ctx: Pick<AppContext, 'db' | 'directory' | 'memo'>,
  county: string,
  freshness?: Freshness,
): Promise<Frozen<LeadPriceTable>> {
  return ctx.directory.read(
    county,
    'lead-prices',
    async () => {
      const [rules, places] = await Promise.all([
        ctx.db
          .select({ rule: pricingRules })
          .from(pricingRules)
          .innerJoin(regions, eq(regions.slug, county))
          .where(or(isNull(pricingRules.regionId), eq(pricingRules.regionId, regions.id)))
          .then((rows) => rows.map((r) => r.rule)),
        placesOf(ctx, county),
      ]);
      return ctx.memo.get(`lead-price-table/${county}`, fingerprint(rules, places), () =>
        buildLeadPriceTable(rules, places),
      );
    },
    freshness,
  );
}
