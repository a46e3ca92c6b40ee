import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { regions } from './regions';

/**
 * Lead pricing rules (docs/decisions/0004-lead-prices.md); rule_value is a service slug, town slug or contractor id.
 * A rule with a county applies to that county's leads; one without is the platform default, applying to
 * every county and edited by platform administrators only (docs/decisions/0103-county-administrators.md).
 */
export const pricingRules = pgTable(
  'pricing_rules',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'cascade' }),
    ruleType: text('rule_type', { enum: ['global', 'service', 'location', 'contractor'] }).notNull(),
    ruleValue: text('rule_value'),
    leadPriceCents: integer('lead_price_cents').notNull(),
    priority: integer('priority').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('pricing_rules_type_check', sql`${t.ruleType} in ('global', 'service', 'location', 'contractor')`),
    check('pricing_rules_price_check', sql`${t.leadPriceCents} > 0`),
    check('pricing_rules_priority_check', sql`${t.priority} >= 0`),
    index('pricing_rules_region_id_idx').on(t.regionId),
    index('pricing_rules_active_priority_idx').on(t.isActive, t.priority.desc().nullsFirst()),
  ],
);

export type PricingRuleRow = typeof pricingRules.$inferSelect;
