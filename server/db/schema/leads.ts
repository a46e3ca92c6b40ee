import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { LEAD_ROUTINGS } from '../../../shared/schemas/lead-routing';
import { LEAD_STATUSES } from '../../../shared/schemas/lead-status';
import { timestamps } from './columns';
import { contractors } from './contractors';
import { regions } from './regions';
import { towns } from './towns';

/** A quote request (docs/decisions/0003-leads-and-deliveries.md). */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    /**
     * The county whose site the request was sent on (docs/decisions/0100-leads-belong-to-a-county.md).
     * Without one it is the default county's (the database function default_region_id()).
     */
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id)
      .default(sql`default_region_id()`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    serviceNeeded: text('service_needed').notNull(),
    /** Canonical services the 'service needed' maps to, for pricing and matching. */
    serviceSlugs: text('service_slugs').array().notNull().default([]),
    location: text('location').notNull(),
    townId: integer('town_id').references(() => towns.id),
    projectDetails: text('project_details').notNull(),
    budgetRange: text('budget_range'),
    requestedContractorId: integer('requested_contractor_id').references(() => contractors.id, {
      onDelete: 'set null',
    }),
    leadPriceCents: integer('lead_price_cents').notNull(),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('new'),
    /**
     * Privacy (docs/decisions/0114-homeowner-privacy.md): the SHA-256 of the withdraw link's token in
     * the confirmation email; when the homeowner withdrew the request; when the lead closed (won,
     * lost or withdrawn); when its homeowner's contact details were erased.
     */
    withdrawTokenHash: text('withdraw_token_hash'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /**
     * How the lead went (docs/decisions/0117-lead-routing.md): 'pending' until the routing job has
     * looked at it, then 'held' for an administrator (routing_reason says why), 'delivered',
     * 'released' (the chosen contractor could not take it; the homeowner was offered others) or
     * 'rejected' by an administrator. origin_lead_id: the released lead a homeowner's alternative came from.
     */
    routing: text('routing', { enum: LEAD_ROUTINGS }).notNull().default('pending'),
    routingReason: text('routing_reason'),
    routedAt: timestamp('routed_at', { withTimezone: true }),
    originLeadId: integer('origin_lead_id').references((): AnyPgColumn => leads.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('leads_status_check', sql`${t.status} in ('new', 'delivered', 'contacted', 'won', 'lost')`),
    check('leads_price_check', sql`${t.leadPriceCents} >= 0`),
    check('leads_routing_check', sql`${t.routing} in ('pending', 'held', 'delivered', 'released', 'rejected')`),
    // The held list at the top of the administrator's leads, and the duplicate check's search.
    index('leads_region_routing_idx')
      .on(t.regionId, t.routing)
      .where(sql`${t.routing} in ('pending', 'held')`),
    index('leads_requested_contractor_created_idx').on(t.requestedContractorId, t.createdAt),
    index('leads_region_created_at_idx').on(t.regionId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_status_created_at_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A county administrator's status tab: both equalities, then the page in order (docs/decisions/0068-lead-counts-and-index-order.md).
    index('leads_region_status_created_at_idx').on(
      t.regionId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('leads_town_id_idx').on(t.townId),
    index('leads_requested_contractor_id_idx').on(t.requestedContractorId),
    uniqueIndex('leads_withdraw_token_hash_idx').on(t.withdrawTokenHash),
    // The daily erase's search: leads not yet erased, by the time they closed (or last changed).
    index('leads_retention_idx')
      .on(sql`coalesce(${t.closedAt}, ${t.updatedAt})`)
      .where(sql`${t.erasedAt} is null`),
  ],
);

export type LeadRow = typeof leads.$inferSelect;
