import { eq, getTableColumns, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import { centsToDecimal } from '@shared/money';
import { compareRules, type RuleType } from '@shared/pricing';
import type { PricingRuleDto, pricingRuleSchema } from '@shared/schemas/pricing-rules';
import { resolveService, resolveTown } from '@shared/taxonomy';
import type { AppContext } from '../../context';
import { contractors, pricingRules, regions, towns, type PricingRuleRow } from '../../db/schema';
import type { AdminScope } from '../../domain/actors';
import { forbidden, invalid, notFound } from '../../domain/errors';
import { regionOf } from '../../counties/region-of';
import { checkOwned, covers, inScope, oneCountyOf } from '../../counties/admin-scope';

/**
 * Pricing rules as the administrator edits them (docs/decisions/0004-lead-prices.md); the engine
 * reads them in services/pricing.ts. A location rule names a town by id, and its county is the
 * town's (docs/decisions/0107-pricing-per-county.md).
 */

export type PricingRuleInput = z.output<typeof pricingRuleSchema>;

/** Services reading a county's Region (its towns and services) as its site shows them. */
type RulesCtx = Pick<AppContext, 'db' | 'directory' | 'memo'>;

type RuleWithTown = PricingRuleRow & { townSlug: string | null; townLabel: string | null };

function toDto(r: RuleWithTown): PricingRuleDto {
  const town =
    r.townId !== null && r.townSlug !== null
      ? { id: r.townId, slug: r.townSlug, label: r.townLabel ?? r.townSlug }
      : null;
  return {
    id: r.id,
    regionId: r.regionId,
    ruleType: r.ruleType,
    // A location rule's value reads as before: its town's slug (within the rule's county).
    ruleValue: town ? town.slug : r.ruleValue,
    town,
    leadPrice: centsToDecimal(r.leadPriceCents),
    priority: r.priority,
    isActive: r.isActive,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The rules with their towns' slugs and labels. */
const rulesWithTowns = (ctx: Pick<AppContext, 'db'>) =>
  ctx.db
    .select({ ...getTableColumns(pricingRules), townSlug: towns.slug, townLabel: towns.label })
    .from(pricingRules)
    .leftJoin(towns, eq(towns.id, pricingRules.townId));

async function ruleById(ctx: Pick<AppContext, 'db'>, id: number): Promise<PricingRuleDto> {
  const [row] = await rulesWithTowns(ctx).where(eq(pricingRules.id, id));
  if (!row) throw notFound('Pricing rule not found');
  return toDto(row);
}

const checkFields = (errors: Record<string, string>) => invalid('Please check the highlighted fields', errors);
const invalidValue = (message: string) => checkFields({ ruleValue: message });

const MAX_ID = 2_147_483_647;

/** A county's slug by id; null is the default county (whose services a platform default is checked against). */
async function countySlug(ctx: Pick<AppContext, 'db'>, regionId: number | null): Promise<string> {
  const [row] = await ctx.db
    .select({ slug: regions.slug })
    .from(regions)
    .where(regionId === null ? eq(regions.isDefault, true) : eq(regions.id, regionId));
  if (!row) throw checkFields({ regionId: 'Choose a county' });
  return row.slug;
}

/**
 * The stored value of a service or contractor rule: the canonical service slug (labels are
 * accepted, as everywhere else in the API, within the rule's county's services), or a contractor
 * id that exists. The engine compares these literally, so anything else would be a rule that
 * silently never matches.
 */
async function canonicalValue(
  ctx: RulesCtx,
  scope: AdminScope,
  ruleType: Exclude<RuleType, 'location'>,
  value: string | null,
  regionId: number | null,
): Promise<string | null> {
  if (ruleType === 'global') return null;
  if (value === null) throw invalidValue('Choose what this rule applies to');
  if (ruleType === 'service') {
    const slugs = resolveService(value, await regionOf(ctx, await countySlug(ctx, regionId)));
    if (!slugs || slugs.length === 0) throw invalidValue('Choose a service from the list');
    if (slugs.length > 1) throw invalidValue('Choose a single service');
    return slugs[0]!;
  }
  const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!(id > 0 && id <= MAX_ID)) throw invalidValue('Choose an existing contractor');
  const [found] = await ctx.db.select({ id: contractors.id }).from(contractors).where(eq(contractors.id, id));
  if (!found) throw invalidValue('Choose an existing contractor');
  // A county administrator names only a contractor serving the rule's county: another county's is
  // 'not found', as any other county's item it names (docs/decisions/0103-county-administrators.md).
  if (scope.role !== 'platform' && regionId !== null)
    await checkOwned(ctx, { ...scope, regionIds: [regionId] }, 'contractor', id, { write: true });
  return String(id);
}

/**
 * The county a rule is written for: a county administrator writes only for its counties (its one
 * county when it names none); a platform default (null) is the platform administrator's.
 */
async function countyOf(
  ctx: Pick<AppContext, 'db'>,
  scope: AdminScope,
  wanted: number | null | undefined,
): Promise<number | null> {
  if (wanted === undefined) {
    if (scope.role === 'platform' && scope.regionIds === null) return null;
    const one = oneCountyOf(scope.regionIds);
    if (one !== null) return one;
    throw checkFields({ regionId: 'Choose a county' });
  }
  if (wanted === null) {
    if (scope.role !== 'platform') throw forbidden('Platform default rules are changed by platform administrators');
    return null;
  }
  if (scope.role !== 'platform' && !covers(scope, wanted))
    throw forbidden('You can only write rules for your counties');
  const [found] = await ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.id, wanted));
  if (!found) throw checkFields({ regionId: 'Choose a county' });
  return wanted;
}

/**
 * The town a location rule names: by id (the form), or by its slug or name within the county the
 * rule is written for (the API's ruleValue, docs/decisions/0107-pricing-per-county.md): the county
 * named, else `near` (the rule's own, the administrator's one county, or the site's).
 */
async function townOf(
  ctx: RulesCtx,
  input: PricingRuleInput,
  near: () => Promise<number>,
): Promise<{ id: number; regionId: number }> {
  if (input.townId) {
    const [town] = await ctx.db
      .select({ id: towns.id, regionId: towns.regionId })
      .from(towns)
      .where(eq(towns.id, input.townId));
    if (!town) throw checkFields({ townId: 'Choose a town from the list' });
    return town;
  }
  const regionId = input.regionId ?? (await near());
  const county = await countySlug(ctx, regionId);
  const slug = resolveTown(input.ruleValue ?? '', await regionOf(ctx, county));
  const id = slug ? (await ctx.directory.taxonomy(county)).townId.get(slug) : undefined;
  if (id === undefined) throw invalidValue('Choose a town from the list');
  return { id, regionId };
}

/** What a rule's type, value, town and county are stored as. */
type RuleTarget = Pick<PricingRuleRow, 'ruleType' | 'ruleValue' | 'townId' | 'regionId'>;

/**
 * A location rule is its town's county's: a county administrator names only its counties' towns
 * (403 otherwise, as for a county), and a county named with it must be the town's.
 */
async function locationTarget(
  ctx: RulesCtx,
  scope: AdminScope,
  input: PricingRuleInput,
  near: () => Promise<number>,
): Promise<RuleTarget> {
  if (input.regionId === null) throw checkFields({ regionId: "A town's rule is for the town's county" });
  const town = await townOf(ctx, input, near);
  if (scope.role !== 'platform' && !covers(scope, town.regionId))
    throw forbidden('You can only write rules for your counties');
  if (input.regionId !== undefined && input.regionId !== town.regionId)
    throw checkFields({ townId: 'Choose a town of the chosen county' });
  return { ruleType: 'location', ruleValue: null, townId: town.id, regionId: town.regionId };
}

/** The county whose towns a location rule named in words is read in when it names no county: the administrator's one county, else the site's. */
function nearCounty(ctx: Pick<AppContext, 'db'>, scope: AdminScope, site: string) {
  return async (): Promise<number> => {
    const one = oneCountyOf(scope.regionIds);
    if (one !== null) return one;
    const [row] = await ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, site));
    if (!row) throw checkFields({ regionId: 'Choose a county' });
    return row.id;
  };
}

const settings = (input: PricingRuleInput) => ({
  leadPriceCents: input.leadPrice,
  priority: input.priority,
  isActive: input.isActive,
});

/**
 * The rules that price the administrator's counties' leads (theirs and the platform defaults), best
 * first by the engine's own order, so the list reads as the engine decides.
 */
export async function listPricingRules(ctx: Pick<AppContext, 'db'>, scope: AdminScope): Promise<PricingRuleDto[]> {
  const counties = inScope(scope, pricingRules.regionId);
  const rows = await rulesWithTowns(ctx).where(counties && or(isNull(pricingRules.regionId), counties));
  return rows.sort(compareRules).map(toDto);
}

/**
 * Where a rule applies. `kept` is the rule being changed: its county stays unless the input names
 * one, and a town named in words is looked for in it first.
 */
async function targetOf(
  ctx: RulesCtx,
  scope: AdminScope,
  input: PricingRuleInput,
  site: string,
  kept?: { regionId: number | null },
): Promise<RuleTarget> {
  const near = nearCounty(ctx, scope, site);
  if (input.ruleType === 'location')
    return locationTarget(ctx, scope, input, kept ? async () => kept.regionId ?? near() : near);
  const regionId = kept && input.regionId === undefined ? kept.regionId : await countyOf(ctx, scope, input.regionId);
  return {
    ruleType: input.ruleType,
    ruleValue: await canonicalValue(ctx, scope, input.ruleType, input.ruleValue, regionId),
    townId: null,
    regionId,
  };
}

/** `site` is the county of the site the request came on, where a town named in words is looked for last. */
export async function createPricingRule(
  ctx: RulesCtx,
  scope: AdminScope,
  input: PricingRuleInput,
  site: string,
): Promise<PricingRuleDto> {
  const target = await targetOf(ctx, scope, input, site);
  const [row] = await ctx.db
    .insert(pricingRules)
    .values({ ...target, ...settings(input) })
    .returning({ id: pricingRules.id });
  return ruleById(ctx, row!.id);
}

/**
 * Either the active switch alone, or the whole rule (its county kept unless named, or given by a
 * new town). The admin guard has checked the rule is one the administrator may change
 * (services/admin-scope.ts).
 */
export async function updatePricingRule(
  ctx: RulesCtx,
  scope: AdminScope,
  id: number,
  patch: { isActive: boolean } | PricingRuleInput,
  site: string,
): Promise<PricingRuleDto> {
  if (!('ruleType' in patch)) {
    const [row] = await ctx.db
      .update(pricingRules)
      .set({ isActive: patch.isActive })
      .where(eq(pricingRules.id, id))
      .returning({ id: pricingRules.id });
    if (!row) throw notFound('Pricing rule not found');
    return ruleById(ctx, id);
  }
  const [existing] = await ctx.db
    .select({ regionId: pricingRules.regionId })
    .from(pricingRules)
    .where(eq(pricingRules.id, id));
  if (!existing) throw notFound('Pricing rule not found');
  const target = await targetOf(ctx, scope, patch, site, existing);
  const [row] = await ctx.db
    .update(pricingRules)
    .set({ ...target, ...settings(patch) })
    .where(eq(pricingRules.id, id))
    .returning({ id: pricingRules.id });
  if (!row) throw notFound('Pricing rule not found');
  return ruleById(ctx, id);
}
