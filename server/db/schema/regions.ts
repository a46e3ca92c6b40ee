import { boolean, check, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns';

/**
 * The counties this deployment serves (docs/decisions/0098-counties-are-data.md): each one's
 * own site, named and worded by its row. `template` names the shared wording and rules it takes
 * the rest from (shared/region.ts; today the Pennsylvania one). One row is the default county,
 * which also answers on the bare host and which `npm start` serves with no setting.
 */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    /** 'Sullivan County' */
    name: text('name').notNull(),
    state: text('state').notNull(),
    template: text('template').notNull(),
    siteTitle: text('site_title').notNull(),
    shortTitle: text('short_title').notNull(),
    tagline: text('tagline').notNull(),
    /** Its site's address in production (https://wyoming.example.org); null until it has one. */
    publicUrl: text('public_url'),
    timeZone: text('time_zone').notNull(),
    supportEmail: text('support_email').notNull(),
    /** The From of its emails; null: the deployment's MAIL_FROM. */
    mailFrom: text('mail_from'),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * How its quote requests reach the contractor (docs/decisions/0117-lead-routing.md): 'automatic'
     * once the checks pass, or 'manual', an administrator delivers each one. An undelivered lead is
     * released after `release_after_hours` hours without a payment or a credit.
     */
    leadDelivery: text('lead_delivery', { enum: ['automatic', 'manual'] })
      .notNull()
      .default('automatic'),
    releaseAfterHours: integer('release_after_hours').notNull().default(48),
    ...timestamps,
  },
  // At most one default county.
  (t) => [
    uniqueIndex('regions_one_default_idx')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    check('regions_lead_delivery_check', sql`${t.leadDelivery} in ('automatic', 'manual')`),
    check('regions_release_after_hours_check', sql`${t.releaseAfterHours} between 1 and 720`),
  ],
);
