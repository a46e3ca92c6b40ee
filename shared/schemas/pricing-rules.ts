import { z } from 'zod';
import { decimalToCents } from '../money';
import { RULE_TYPES } from '../pricing';

/** A pricing rule as the API shows it: money as a '25.00' string (docs/decisions/0012-api-values.md). */
export interface PricingRuleDto {
  id: number;
  /** The county whose leads it prices; null: the platform default, for every county (changed by platform administrators only). */
  regionId: number | null;
  ruleType: (typeof RULE_TYPES)[number];
  /** Service slug, town slug (of the rule's county) or contractor id; null for global. */
  ruleValue: string | null;
  /** A location rule's town (docs/decisions/0107-pricing-per-county.md); null for the others. */
  town: { id: number; slug: string; label: string } | null;
  leadPrice: string;
  priority: number;
  isActive: boolean;
  updatedAt: string;
}

const price = z.union([z.string(), z.number()], { error: 'Please enter a valid price' }).transform((v, ctx) => {
  const cents = decimalToCents(v);
  if (cents === null || cents <= 0) {
    ctx.addIssue({ code: 'custom', message: 'Please enter a valid price' });
    return z.NEVER;
  }
  return cents;
});

const fields = {
  ruleType: z.enum(RULE_TYPES, { error: 'Rule type must be global, service, location or contractor' }),
  ruleValue: z
    .string()
    .trim()
    .max(100, 'Value is too long')
    .nullish()
    .transform((v) => (v ? v : null)),
  /** A location rule's town by id (the form sends it); a town's name in ruleValue is read within the rule's county. */
  townId: z
    .number({ error: 'Choose a town from the list' })
    .int('Choose a town from the list')
    .positive('Choose a town from the list')
    .max(2_147_483_647, 'Choose a town from the list')
    .nullish(),
  leadPrice: price,
  priority: z.coerce
    .number({ error: 'Priority must be a whole number' })
    .int('Priority must be a whole number')
    .min(0, 'Priority must be 0 or more')
    .max(1_000_000, 'Priority is too large'),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  /** The county; null: a platform default; left out: the administrator's county (or, for a full update, the rule's own). */
  regionId: z
    .number({ error: 'Choose a county' })
    .int('Choose a county')
    .positive('Choose a county')
    .max(2_147_483_647, 'Choose a county')
    .nullable()
    .optional(),
};

/** POST /api/pricing-rules; ruleValue and townId are validated against the county's towns, the taxonomy and contractors by the server. */
export const pricingRuleSchema = z
  .object({ ...fields, isActive: fields.isActive.default(true), priority: fields.priority.default(0) })
  .superRefine((v, ctx) => {
    if (v.ruleType === 'location') {
      if (!v.townId && !v.ruleValue)
        ctx.addIssue({ code: 'custom', path: ['townId'], message: 'Choose what this rule applies to' });
    } else if (v.ruleType !== 'global' && !v.ruleValue)
      ctx.addIssue({ code: 'custom', path: ['ruleValue'], message: 'Choose what this rule applies to' });
  });

/** PATCH /api/pricing-rules/:id: isActive alone, or every field. */
export const pricingRulePatchSchema = z.union([z.object({ isActive: fields.isActive }).strict(), pricingRuleSchema]);
