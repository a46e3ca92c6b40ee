import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { daytimeMinutesBetween, medianReplyMinutes, RECORD_DAYS, RECORD_MIN_LEADS } from '@shared/reply-time';
import type { ServiceCtx } from '../context';
import {
  contractorReplyRecords,
  leadDeliveries,
  leadReplies,
  leads,
  regions,
  reviewRequests,
  reviews,
} from '../db/schema';

export const REFRESH_REPLY_RECORDS = 'refresh-reply-records';

const DAY_MS = 86_400_000;
/** A lead left unanswered for a whole daytime day counts as slower than any answer; a newer one is not counted yet. */
const UNANSWERED_AFTER_MINUTES = 12 * 60;
const BATCH = 200;

/**
 * Works out the reply records of these contractors from their leads of the last 90 days
 * (docs/decisions/0128-request-page-and-replies.md) and keeps them in contractor_reply_records:
 * the median daytime minutes from having the details to the first reply or call mark (once 3 leads
 * count), and the homeowners' word on whether they were contacted (the follow-up's one-click answer,
 * else the review's "Did they contact you?"). A row is written only when what it shows changes, so
 * the directory's version moves only then.
 */
export async function refreshReplyRecords(ctx: ServiceCtx, contractorIds: readonly number[]): Promise<void> {
  if (contractorIds.length === 0) return;
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - RECORD_DAYS * DAY_MS);
  const hadDetails = sql<Date>`coalesce(${leadDeliveries.creditedAt}, ${leadDeliveries.paidAt})`;
  const rows = await ctx.db
    .select({
      contractorId: leadDeliveries.contractorId,
      hadDetailsAt: sql<string>`${hadDetails}`,
      firstReplyAt: sql<
        string | null
      >`(select min(${leadReplies.createdAt}) from ${leadReplies} where ${leadReplies.deliveryId} = ${leadDeliveries.id})`,
      timeZone: regions.timeZone,
      hireAnswer: reviewRequests.hireAnswer,
      reviewSaysContacted: reviews.contacted,
    })
    .from(leadDeliveries)
    .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
    .innerJoin(regions, eq(regions.id, leads.regionId))
    .leftJoin(reviewRequests, eq(reviewRequests.deliveryId, leadDeliveries.id))
    .leftJoin(reviews, eq(reviews.deliveryId, leadDeliveries.id))
    .where(
      and(
        inArray(leadDeliveries.contractorId, [...contractorIds]),
        inArray(leadDeliveries.paymentState, ['paid', 'credited']),
        gte(hadDetails, since),
      ),
    );
  const byContractor = new Map<number, typeof rows>(contractorIds.map((id) => [id, []]));
  for (const r of rows) byContractor.get(r.contractorId)?.push(r);
  for (const [contractorId, leadRows] of byContractor) {
    const samples: (number | null)[] = [];
    let contactedYes = 0;
    let contactedAnswers = 0;
    for (const r of leadRows) {
      const had = new Date(r.hadDetailsAt);
      if (r.firstReplyAt) samples.push(daytimeMinutesBetween(had, new Date(r.firstReplyAt), r.timeZone));
      else if (daytimeMinutesBetween(had, now, r.timeZone) >= UNANSWERED_AFTER_MINUTES) samples.push(null);
      const said = r.hireAnswer === 'hired' ? true : r.hireAnswer === 'not_contacted' ? false : r.reviewSaysContacted;
      if (said !== null) {
        contactedAnswers++;
        if (said) contactedYes++;
      }
    }
    const record = {
      medianMinutes: samples.length >= RECORD_MIN_LEADS ? medianReplyMinutes(samples) : null,
      leadsCounted: samples.length,
      contactedYes,
      contactedAnswers,
    };
    const median = record.medianMinutes === null ? null : Math.round(record.medianMinutes);
    await ctx.db
      .insert(contractorReplyRecords)
      .values({ contractorId, ...record, medianMinutes: median, updatedAt: now })
      .onConflictDoUpdate({
        target: contractorReplyRecords.contractorId,
        set: { ...record, medianMinutes: median, updatedAt: now },
        setWhere: sql`(${contractorReplyRecords.medianMinutes}, ${contractorReplyRecords.leadsCounted}, ${contractorReplyRecords.contactedYes}, ${contractorReplyRecords.contactedAnswers}) is distinct from (${median}::integer, ${record.leadsCounted}::integer, ${contactedYes}::integer, ${contactedAnswers}::integer)`,
      });
  }
}

/**
 * The hourly refresh: every contractor with a lead taken in the last 90 days or a record kept (a
 * record ages as its leads leave the window, and an unanswered lead grows slower), in batches.
 */
export async function refreshAllReplyRecords(ctx: ServiceCtx): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - RECORD_DAYS * DAY_MS);
  const ids = await ctx.db
    .selectDistinct({ id: leadDeliveries.contractorId })
    .from(leadDeliveries)
    .where(
      and(
        isNotNull(sql`coalesce(${leadDeliveries.creditedAt}, ${leadDeliveries.paidAt})`),
        gte(sql`coalesce(${leadDeliveries.creditedAt}, ${leadDeliveries.paidAt})`, since),
      ),
    )
    .union(ctx.db.select({ id: contractorReplyRecords.contractorId }).from(contractorReplyRecords));
  const all = ids.map((r) => r.id);
  for (let i = 0; i < all.length; i += BATCH) await refreshReplyRecords(ctx, all.slice(i, i + BATCH));
  return all.length;
}
