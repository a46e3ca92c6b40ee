import { eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import { centsToDecimal } from '@shared/money';
import { compareRules, type RuleType } from '@shared/pricing';
import type { PricingRuleDto, pricingRuleSchema } from '@shared/schemas/pricing-rules';
import { resolveService, resolveTown } from '@shared/taxonomy';
import { region } from '@shared/region';
import type { DbCtx } from '../context';
import { contractors, pricingRules, regions, type PricingRuleRow } from '../db/schema';
import type { AdminScope } from '../domain/actors';
import { forbidden, invalid, notFound } from '../domain/errors';
import { covers, inScope } from './admin-scope';

/** Pricing rules as the administrator edits them (docs/decisions/0004-lead-prices.md); the engine reads them in services/pricing.ts. */

export type PricingRuleInput = z.output<typeof pricingRuleSchema>;

function toDto(r: PricingRuleRow): PricingRuleDto {
  return {
    id: r.id,
    regionId: r.regionId,
    ruleType: r.ruleType,
    ruleValue: r.ruleValue,
    leadPrice: centsToDecimal(r.leadPriceCents),
    priority: r.priority,
    isActive: r.isActive,
    updatedAt: r.updatedAt.toISOString(),
  };
}

const invalidValue = (message: string) => invalid('Please check the highlighted fields', { ruleValue: message });

const MAX_ID = 2_147_483_647;

/**
 * The stored form of a rule's value: the canonical service or town slug (labels are accepted,
 * as everywhere else in the API), or a contractor id that exists. The engine compares these
 * literally, so anything else would be a rule that silently never matches.
 */
async function canonicalValue(ctx: DbCtx, ruleType: RuleType, value: string | null): Promise<string | null> {
  if (ruleType === 'global') return null;
  if (value === null) throw invalidValue('Choose what this rule applies to');
  switch (ruleType) {
    case 'service': {
      const slugs = resolveService(value, region);
      if (!slugs || slugs.length === 0) throw invalidValue('Choose a service from the list');
      if (slugs.length > 1) throw invalidValue('Choose a single service');
      return slugs[0]!;
    }
    case 'location': {
      const slug = resolveTown(value, region);
      if (!slug) throw invalidValue('Choose a town from the list');
      return slug;
    }
    case 'contractor': {
      const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
      if (!(id > 0 && id <= MAX_ID)) throw invalidValue('Choose an existing contractor');
      const [found] = await ctx.db.select({ id: contractors.id }).from(contractors).where(eq(contractors.id, id));
      if (!found) throw invalidValue('Choose an existing contractor');
      return String(id);
    }
  }
}

/**
 * The county a rule is written for: a county administrator writes only for its counties (its one
 * county when it names none); a platform default (null) is the platform administrator's.
 */
async function countyOf(ctx: DbCtx, scope: AdminScope, wanted: number | null | undefined): Promise<number | null> {
  if (wanted === undefined) {
    if (scope.role === 'platform' && scope.regionIds === null) return null;
    if (scope.regionIds?.length === 1) return scope.regionIds[0]!;
    throw invalid('Please check the highlighted fields', { regionId: 'Choose a county' });
  }
  if (wanted === null) {
    if (scope.role !== 'platform') throw forbidden('Platform default rules are changed by platform administrators');
    return null;
  }
  if (scope.role !== 'platform' && !covers(scope, wanted)) throw forbidden('You can only write rules for your counties');
  const [found] = await ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.id, wanted));
  if (!found) throw invalid('Please check the highlighted fields', { regionId: 'Choose a county' });
  return wanted;
}

async function valuesOf(ctx: DbCtx, input: PricingRuleInput) {
  return {
    ruleType: input.ruleType,
    ruleValue: await canonicalValue(ctx, input.ruleType, input.ruleValue),
    leadPriceCents: input.leadPrice,
    priority: input.priority,
    isActive: input.isActive,
  };
}

/**
 * The rules that price the administrator's counties' leads (theirs and the platform defaults), best
 * first by the engine's own order, so the list reads as the engine decides.
 */
export async function listPricingRules(ctx: DbCtx, scope: AdminScope): Promise<PricingRuleDto[]> {
  const counties = inScope(scope, pricingRules.regionId);
  const rows = await ctx.db
    .select()
    .from(pricingRules)
    .where(counties && or(isNull(pricingRules.regionId), counties));
  return rows.sort(compareRules).map(toDto);
}

export async function createPricingRule(ctx: DbCtx, scope: AdminScope, input: PricingRuleInput): Promise<PricingRuleDto> {
  const [row] = await ctx.db
    .insert(pricingRules)
    .values({ ...(await valuesOf(ctx, input)), regionId: await countyOf(ctx, scope, input.regionId) })
    .returning();
  return toDto(row!);
}

/**
 * Either the active switch alone, or the whole rule (its county kept unless named). The admin guard
 * has checked the rule is one the administrator may change (services/admin-scope.ts).
 */
export async function updatePricingRule(ctx: DbCtx, scope: AdminScope, id: number, patch: { isActive: boolean } | PricingRuleInput): Promise<PricingRuleDto> {
  const values =
    'ruleType' in patch ? { ...(await valuesOf(ctx, patch)), ...(patch.regionId === undefined ? {} : { regionId: await countyOf(ctx, scope, patch.regionId) }) } : { isActive: patch.isActive };
  const [row] = await ctx.db.update(pricingRules).set(values).where(eq(pricingRules.id, id)).returning();
  if (!row) throw notFound('Pricing rule not found');
  return toDto(row);
}
