import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, boolean } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { contractors } from './contractors';

/**
 * What a contractor takes (docs/decisions/0117-lead-routing.md), set by itself in the portal: paused
 * until a date (none: taking requests), the services (slugs) and towns (ids) it takes requests for
 * (null: its listing's), a monthly cap on card-paid leads in cents (null: none), and a mobile number
 * for text alerts with its opt-in (docs/decisions/0118-text-messages.md). No row: the defaults.
 */
export const contractorLeadPreferences = pgTable(
  'contractor_lead_preferences',
  {
    contractorId: integer('contractor_id')
      .primaryKey()
      .references(() => contractors.id, { onDelete: 'cascade' }),
    pausedUntil: date('paused_until'),
    serviceSlugs: text('service_slugs').array(),
    townIds: integer('town_ids').array(),
    monthlyCapCents: integer('monthly_cap_cents'),
    textPhone: text('text_phone'),
    textOptIn: boolean('text_opt_in').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('contractor_lead_preferences_cap_check', sql`${t.monthlyCapCents} is null or ${t.monthlyCapCents} >= 0`),
  ],
);

export type ContractorLeadPreferencesRow = typeof contractorLeadPreferences.$inferSelect;
