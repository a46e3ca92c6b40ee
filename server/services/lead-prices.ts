import { eq, isNull, or, sql } from 'drizzle-orm';
import { centsToDecimal } from '@shared/money';
import { priceLead } from '@shared/pricing';
import { region } from '@shared/region';
import type { LeadPriceTable } from '@shared/schemas/lead-prices';
import type { AppContext } from '../context';
import type { Freshness, Frozen } from '../directory';
import { pricingRules } from '../db/schema';

/** A place that is none of the towns: the lead is priced without location rules. */
export const ELSEWHERE_LABEL = 'Any other place';

type Rule = typeof pricingRules.$inferSelect;

/** Every column that changes a price or the 'changed' date: the table is made again only when one of them does. */
const fingerprint = (rules: Rule[]) =>
  JSON.stringify(rules.map((r) => [r.id, r.ruleType, r.ruleValue, r.leadPriceCents, r.priority, r.isActive, r.updatedAt.getTime()]).sort((a, b) => Number(a[0]) - Number(b[0])));

/** The table by the engine itself (shared/pricing.ts), as a lead is priced when it is created, with no particular contractor. */
export function buildLeadPriceTable(rules: Rule[]): LeadPriceTable {
  const active = rules.filter((r) => r.isActive);
  const towns = [...region.towns.map((t) => ({ slug: t.slug as string | null, label: t.label })), { slug: null, label: ELSEWHERE_LABEL }];
  const changed = rules.reduce<Date | null>((latest, r) => (!latest || r.updatedAt > latest ? r.updatedAt : latest), null);
  return {
    towns,
    services: region.quoteServices.map((s) => ({
      value: s.value,
      label: s.label,
      prices: towns.map((t) => centsToDecimal(priceLead(active, { serviceSlugs: s.services, townSlug: t.slug, contractorId: null }).priceCents)),
    })),
    rulesChangedAt: changed?.toISOString() ?? null,
  };
}

/**
 * The public price table (docs/decisions/0062-lead-prices-in-the-open.md). The rules are read at
 * every request, so a change made through any app process shows at the next request to any other;
 * the table is made again only when they changed, and the same answer object is handed out
 * meanwhile, so its JSON, gzip and rendered page are reused. While the database is unreachable the
 * last table is answered (STALE_IF_ERROR).
 */
export function leadPriceTable(ctx: Pick<AppContext, 'db' | 'directory' | 'memo'>, county: string, freshness?: Freshness): Promise<Frozen<LeadPriceTable>> {
  return ctx.directory.read(
    county,
    'lead-prices',
    async () => {
      // The default county's table: its rules and the platform defaults (docs/decisions/0103-county-administrators.md).
      const rules = await ctx.db
        .select()
        .from(pricingRules)
        .where(or(isNull(pricingRules.regionId), eq(pricingRules.regionId, sql`default_region_id()`)));
      return ctx.memo.get('lead-price-table', fingerprint(rules), () => buildLeadPriceTable(rules));
    },
    freshness,
  );
}
