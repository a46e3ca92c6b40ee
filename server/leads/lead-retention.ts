import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { inTransaction, type AppContext, type ServiceCtx } from '../context';
import { leadClaims, leadDeliveries, leadReplies, leads, outboxEmails } from '../db/schema';

/**
 * Retention of homeowners' contact details (docs/decisions/0114-homeowner-privacy.md).
 *
 * A lead's identifying fields are the homeowner's name, email and phone and the project
 * description they wrote (free text, which often holds an address or a second number). The
 * service, town, budget, price, status, deliveries, payments, refunds and reviews stay: the counts,
 * the stats and the books are made of them.
 *
 * A lead is closed when it is won or lost (the contractor's outcome) or withdrawn by the homeowner
 * (`leads.closed_at`); a lead left new, delivered or contacted counts from its last change
 * (`updated_at`): a request nobody acted on is as finished as a lost one.
 */

export const ERASED = '';
/** What an email's text says where the homeowner's details were. */
export const ERASED_IN_EMAIL = '[erased]';
const BATCH = 500;
const DAY_MS = 86_400_000;

/** The kinds of email that quote a lead's customer (docs/decisions/0040-delivery-emails.md) or go to the homeowner. */
const LEAD_EMAIL_KINDS = [
  'lead-delivered',
  'payment-receipt',
  'claim-notice',
  'claim-decision',
  'delivery-cancelled',
  'review-request',
  'quote-confirmation',
  'lead-reply',
];

/** The moment before which a lead closed is erased now. */
export const retentionCutoff = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * Erases the contact details of these leads (ctx.db a transaction): the lead's fields, a claim's free text about them, and the outbox's copies: mail to the
 * homeowner loses its address and text, mail quoting them has their email, phone and name replaced.
 * A delivery still awaiting payment ends (nothing is left to sell; a payment that still arrives is
 * refunded as for any cancelled delivery, docs/decisions/0049-cancelled-deliveries.md).
 */
export async function eraseLeadDetails(ctx: ServiceCtx, leadIds: number[]): Promise<void> {
  if (leadIds.length === 0) return;
  const now = ctx.clock.now();
  const ids = sql`(${sql.join(
    leadIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  // The outbox first, while the lead still says what to look for. Mail still waiting to be sent is left alone.
  await ctx.db.execute(sql`
    update ${outboxEmails} o set
      to_address = case when lower(o.to_address) = lower(l.email) then ${ERASED_IN_EMAIL} else o.to_address end,
      text_body = case when lower(o.to_address) = lower(l.email) then ${ERASED_IN_EMAIL}
        else replace(replace(case when char_length(l.name) >= 3 then replace(o.text_body, l.name, ${ERASED_IN_EMAIL}) else o.text_body end, l.email, ${ERASED_IN_EMAIL}), l.phone, ${ERASED_IN_EMAIL}) end,
      updated_at = ${now.toISOString()}::timestamptz
    from ${leads} l
    where l.id in ${ids} and l.erased_at is null and l.email <> ''
      and o.kind in (${sql.join(
        LEAD_EMAIL_KINDS.map((k) => sql`${k}`),
        sql`, `,
      )})
      and o.status <> 'pending'
      and o.created_at >= l.created_at
      and (lower(o.to_address) = lower(l.email) or strpos(o.text_body, l.email) > 0 or strpos(o.text_body, l.phone) > 0)`);
  await ctx.db
    .update(leadClaims)
    .set({ details: ERASED })
    .where(
      inArray(
        leadClaims.deliveryId,
        ctx.db.select({ id: leadDeliveries.id }).from(leadDeliveries).where(inArray(leadDeliveries.leadId, leadIds)),
      ),
    );
  // A contractor's written reply may quote the homeowner (a name, an address): it goes with their details.
  await ctx.db
    .update(leadReplies)
    .set({ message: ERASED })
    .where(and(inArray(leadReplies.leadId, leadIds), isNotNull(leadReplies.message)));
  await ctx.db
    .update(leadDeliveries)
    .set({ paymentState: 'cancelled', cancelledAt: now })
    .where(and(inArray(leadDeliveries.leadId, leadIds), sql`${leadDeliveries.paymentState} = 'awaiting_payment'`));
  await ctx.db
    .update(leads)
    .set({ name: ERASED, email: ERASED, phone: ERASED, projectDetails: ERASED, erasedAt: now })
    .where(and(inArray(leads.id, leadIds), isNull(leads.erasedAt)));
}

/**
 * The daily job: every lead closed more than LEAD_RETENTION_DAYS ago (by ctx.clock) loses its
 * homeowner's details, in batches of 500, each its own transaction (rows locked by a parallel run
 * are skipped, so two processes never erase one lead twice). Answers how many were erased.
 */
export async function eraseExpiredLeads(ctx: Pick<AppContext, 'db' | 'clock' | 'env'>): Promise<number> {
  const cutoff = retentionCutoff(ctx.clock.now(), ctx.env.LEAD_RETENTION_DAYS);
  let erased = 0;
  for (;;) {
    const batch = await inTransaction(ctx, async (tx) => {
      const rows = await tx.db
        .select({ id: leads.id })
        .from(leads)
        .where(
          and(
            isNull(leads.erasedAt),
            sql`coalesce(${leads.closedAt}, ${leads.updatedAt}) < ${cutoff.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(sql`coalesce(${leads.closedAt}, ${leads.updatedAt})`)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      await eraseLeadDetails(
        tx,
        rows.map((r) => r.id),
      );
      return rows.length;
    });
    erased += batch;
    if (batch < BATCH) return erased;
  }
}
