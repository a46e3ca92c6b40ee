import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  daytimeMinutesBetween,
  medianReplyMinutes,
  RECORD_DAYS,
  RECORD_MIN_LEADS,
  replyLabel,
} from '@shared/reply-time';
import type { ReplyRecord, ReplyRecordLead } from '@shared/schemas/contractor-stats';
import { RECORD_CLAIM_REASON } from '@shared/schemas/lead-claims';
import type { ServiceCtx } from '../context';
import {
  contractorReplyRecords,
  leadClaims,
  leadDeliveries,
  leadReplies,
  leads,
  regions,
  reviewRequests,
  reviews,
} from '../db/schema';
import { claimOfDelivery, leadOfDelivery, regionOfLead } from '../db/delivery-joins';

export const REFRESH_REPLY_RECORDS = 'refresh-reply-records';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A lead left unanswered for a whole daytime day counts as slower than any answer; a newer one is not counted yet. */
const UNANSWERED_AFTER_MINUTES = 12 * 60;
const BATCH = 200;

/**
 * When the contractor had the customer's details: the delivery's credit, else its payment. Reply
 * times count from it, here and in the reply reminder. Selected, it is text (no Date mapping).
 */
export const hadDetails = sql<Date>`coalesce(${leadDeliveries.creditedAt}, ${leadDeliveries.paidAt})`;

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
  const byContractor = await replyLeads(ctx, contractorIds);
  for (const [contractorId, leadRows] of byContractor) {
    const record = recordOf(leadRows);
    await ctx.db
      .insert(contractorReplyRecords)
      .values({ contractorId, ...record, updatedAt: now })
      .onConflictDoUpdate({
        target: contractorReplyRecords.contractorId,
        set: { ...record, updatedAt: now },
        setWhere: sql`(${contractorReplyRecords.medianMinutes}, ${contractorReplyRecords.leadsCounted}, ${contractorReplyRecords.contactedYes}, ${contractorReplyRecords.contactedAnswers}) is distinct from (${record.medianMinutes}::integer, ${record.leadsCounted}::integer, ${record.contactedYes}::integer, ${record.contactedAnswers}::integer)`,
      });
  }
}

/** The record made of a contractor's leads: what contractor_reply_records keeps. */
function recordOf(leadRows: readonly ReplyRecordLead[]) {
  const samples = leadRows.filter((l) => l.counted).map((l) => l.minutes);
  const said = leadRows.filter((l) => l.homeownerSaid !== null);
  const median = samples.length >= RECORD_MIN_LEADS ? medianReplyMinutes(samples) : null;
  return {
    medianMinutes: median === null ? null : Math.round(median),
    leadsCounted: samples.length,
    contactedYes: said.filter((l) => l.homeownerSaid === 'contacted').length,
    contactedAnswers: said.length,
  };
}

/**
 * The leads behind the records of these contractors: those paid for or taken with a credit in the
 * last 90 days, each with its daytime minutes to the first reply or call mark (null: none yet),
 * whether it counts yet, and what its homeowner said.
 */
async function replyLeads(ctx: ServiceCtx, contractorIds: readonly number[]): Promise<Map<number, ReplyRecordLead[]>> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - RECORD_DAYS * DAY_MS);
  const rows = await ctx.db
    .select({
      contractorId: leadDeliveries.contractorId,
      leadId: leads.id,
      serviceNeeded: leads.serviceNeeded,
      hadDetailsAt: sql<string>`${hadDetails}`,
      firstReplyAt: sql<
        string | null
      >`(select min(${leadReplies.createdAt}) from ${leadReplies} where ${leadReplies.deliveryId} = ${leadDeliveries.id})`,
      timeZone: regions.timeZone,
      hireAnswer: reviewRequests.hireAnswer,
      reviewSaysContacted: reviews.contacted,
      disputeUpheld: leadClaims.id,
    })
    .from(leadDeliveries)
    .innerJoin(leads, leadOfDelivery)
    .innerJoin(regions, regionOfLead)
    .leftJoin(reviewRequests, eq(reviewRequests.deliveryId, leadDeliveries.id))
    .leftJoin(reviews, eq(reviews.deliveryId, leadDeliveries.id))
    .leftJoin(
      leadClaims,
      and(claimOfDelivery, eq(leadClaims.reason, RECORD_CLAIM_REASON), eq(leadClaims.status, 'approved')),
    )
    .where(
      and(
        inArray(leadDeliveries.contractorId, [...contractorIds]),
        inArray(leadDeliveries.paymentState, ['paid', 'credited']),
        gte(hadDetails, since),
      ),
    )
    .orderBy(desc(hadDetails), desc(leadDeliveries.id));
  const byContractor = new Map<number, ReplyRecordLead[]>(contractorIds.map((id) => [id, []]));
  for (const r of rows) {
    const had = new Date(r.hadDetailsAt);
    const first = r.firstReplyAt ? new Date(r.firstReplyAt) : null;
    const minutes = first ? daytimeMinutesBetween(had, first, r.timeZone) : null;
    // The follow-up's one-click answer, else the review's "Did they contact you?".
    // A "never contacted" the contractor contested and an administrator set aside counts for nothing.
    const notContacted = r.disputeUpheld === null ? false : null;
    const said =
      r.hireAnswer === 'hired' ? true : r.hireAnswer === 'not_contacted' ? notContacted : r.reviewSaysContacted;
    byContractor.get(r.contractorId)?.push({
      leadId: r.leadId,
      serviceNeeded: r.serviceNeeded,
      hadDetailsAt: had.toISOString(),
      firstReplyAt: first?.toISOString() ?? null,
      minutes,
      // Any 36 hours hold a whole 8 am to 8 pm: the hour count is needed only for a newer lead.
      counted:
        first !== null ||
        now.getTime() - had.getTime() >= 36 * HOUR_MS ||
        daytimeMinutesBetween(had, now, r.timeZone) >= UNANSWERED_AFTER_MINUTES,
      homeownerSaid: said === null ? null : said ? 'contacted' : 'not_contacted',
    });
  }
  return byContractor;
}

/** A contractor's record as its stats show it: the words its profile shows, and the leads behind them. */
export async function replyRecordOf(ctx: ServiceCtx, contractorId: number): Promise<ReplyRecord> {
  const leadRows = (await replyLeads(ctx, [contractorId])).get(contractorId) ?? [];
  const record = recordOf(leadRows);
  return {
    replies: record.medianMinutes === null ? null : replyLabel(record.medianMinutes),
    medianMinutes: record.medianMinutes,
    contacted:
      record.contactedAnswers >= RECORD_MIN_LEADS ? { yes: record.contactedYes, of: record.contactedAnswers } : null,
    leads: leadRows,
  };
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
