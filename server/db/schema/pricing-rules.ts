import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { regions } from './regions';
import { towns } from './towns';

/**
 * Lead pricing rules (docs/decisions/0004-lead-prices.md); rule_value is a service slug or contractor
 * id, and a location rule names its town by id (town_id). A rule with a county applies to that
 * county's leads; one without is the platform default, applying to every county and edited by
 * platform administrators only (docs/decisions/0103-county-administrators.md). A location rule's
 * county is its town's: the pair (town_id, region_id) is a town's (docs/decisions/0107-pricing-per-county.md).
 */
export const pricingRules = pgTable(
  'pricing_rules',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'cascade' }),
    ruleType: text('rule_type', { enum: ['global', 'service', 'location', 'contractor'] }).notNull(),
    ruleValue: text('rule_value'),
    townId: integer('town_id'),
    leadPriceCents: integer('lead_price_cents').notNull(),
    priority: integer('priority').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('pricing_rules_type_check', sql`${t.ruleType} in ('global', 'service', 'location', 'contractor')`),
    check('pricing_rules_price_check', sql`${t.leadPriceCents} > 0`),
    check('pricing_rules_priority_check', sql`${t.priority} >= 0`),
    // A location rule names a town (and so a county) and nothing else; no other rule names a town.
    check(
      'pricing_rules_town_check',
      sql`case when ${t.ruleType} = 'location' then ${t.townId} is not null and ${t.regionId} is not null and ${t.ruleValue} is null else ${t.townId} is null end`,
    ),
    // The town is one of the rule's county's (a county's rules go with it, and so do its towns').
    foreignKey({
      name: 'pricing_rules_town_fk',
      columns: [t.townId, t.regionId],
      foreignColumns: [towns.id, towns.regionId],
    }).onDelete('cascade'),
    index('pricing_rules_region_id_idx').on(t.regionId),
    index('pricing_rules_town_id_idx').on(t.townId),
    index('pricing_rules_active_priority_idx').on(t.isActive, t.priority.desc().nullsFirst()),
  ],
);

export type PricingRuleRow = typeof pricingRules.$inferSelect;
