import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { centsToDecimal } from '@shared/money';
import { compareRules, type RuleType } from '@shared/pricing';
import type { PricingRuleDto, pricingRuleSchema } from '@shared/schemas/pricing-rules';
import { resolveService, resolveTown } from '@shared/taxonomy';
import { region } from '@shared/region';
import type { DbCtx } from '../context';
import { contractors, pricingRules, type PricingRuleRow } from '../db/schema';
import { invalid, notFound } from '../domain/errors';

/** Pricing rules as the administrator edits them (docs/decisions/0004-lead-prices.md); the engine reads them in services/pricing.ts. */

export type PricingRuleInput = z.output<typeof pricingRuleSchema>;

function toDto(r: PricingRuleRow): PricingRuleDto {
  return {
    id: r.id,
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

async function valuesOf(ctx: DbCtx, input: PricingRuleInput) {
  return {
    ruleType: input.ruleType,
    ruleValue: await canonicalValue(ctx, input.ruleType, input.ruleValue),
    leadPriceCents: input.leadPrice,
    priority: input.priority,
    isActive: input.isActive,
  };
}

/** Every rule, best first by the engine's own order, so the list reads as the engine decides. */
export async function listPricingRules(ctx: DbCtx): Promise<PricingRuleDto[]> {
  const rows = await ctx.db.select().from(pricingRules);
  return rows.sort(compareRules).map(toDto);
}

export async function createPricingRule(ctx: DbCtx, input: PricingRuleInput): Promise<PricingRuleDto> {
  const [row] = await ctx.db
    .insert(pricingRules)
    .values(await valuesOf(ctx, input))
    .returning();
  return toDto(row!);
}

/** Either the active switch alone, or the whole rule. */
export async function updatePricingRule(ctx: DbCtx, id: number, patch: { isActive: boolean } | PricingRuleInput): Promise<PricingRuleDto> {
  const values = 'ruleType' in patch ? await valuesOf(ctx, patch) : { isActive: patch.isActive };
  const [row] = await ctx.db.update(pricingRules).set(values).where(eq(pricingRules.id, id)).returning();
  if (!row) throw notFound('Pricing rule not found');
  return toDto(row);
}
