import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { daytimeMinutesBetween, isDaytime, REMINDER_AFTER_MINUTES } from '@shared/reply-time';
import { toE164 } from '@shared/phone-numbers';
import { inTransaction, type AppContext } from '../../context';
import {
  contractorAccounts,
  contractorLeadPreferences,
  contractors,
  leadDeliveries,
  leadReplies,
  leads,
  regions,
} from '../../db/schema';
import { contractorOfDelivery, leadOfDelivery, preferencesOfDelivery, regionOfLead } from '../../db/delivery-joins';
import { accountOfContractor, contractorEmail } from '../../contractors/contractor-email';
import { hadDetails } from '../../contractors/reply-records';
import { countySiteWords } from '../../counties/counties';
import { queueEmail } from '../../notifications/email-delivery';
import { portalLeadLink, queueText } from '../../notifications/text-delivery';

export const REPLY_REMINDERS = 'reply-reminders';

const HOUR_MS = 3_600_000;
/** Past this, a lead with no reply is the homeowner's record, not a reminder's business. */
const LOOK_BACK_MS = 3 * 24 * HOUR_MS;
const BATCH = 500;

/**
 * The reply reminder (docs/decisions/0128-request-page-and-replies.md): a lead paid for or taken
 * with a credit that has had no reply or call mark for 4 daytime hours (8 am to 8 pm in its
 * county) reminds its contractor once, by email and, when it opted in, by text; only in the
 * daytime. Not for a lead withdrawn, erased, or marked won or lost. Each reminder is claimed by
 * setting reply_reminded_at where it is still null, so two processes never send one twice.
 * Answers how many were sent.
 */
export async function remindUnanswered(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({
      deliveryId: leadDeliveries.id,
      contractorId: leadDeliveries.contractorId,
      hadDetailsAt: sql<string>`${hadDetails}`,
      leadId: leads.id,
      regionId: leads.regionId,
      serviceNeeded: leads.serviceNeeded,
      location: leads.location,
      timeZone: regions.timeZone,
      contractorName: contractors.name,
      email: contractorEmail,
      textPhone: contractorLeadPreferences.textPhone,
      textOptIn: contractorLeadPreferences.textOptIn,
    })
    .from(leadDeliveries)
    .innerJoin(leads, leadOfDelivery)
    .innerJoin(regions, regionOfLead)
    .innerJoin(contractors, contractorOfDelivery)
    .leftJoin(contractorAccounts, accountOfContractor)
    .leftJoin(contractorLeadPreferences, preferencesOfDelivery)
    .where(
      and(
        isNull(leadDeliveries.replyRemindedAt),
        inArray(leadDeliveries.paymentState, ['paid', 'credited']),
        sql`${hadDetails} between ${new Date(now.getTime() - LOOK_BACK_MS).toISOString()}::timestamptz and ${new Date(now.getTime() - (REMINDER_AFTER_MINUTES / 60) * HOUR_MS).toISOString()}::timestamptz`,
        isNull(leads.withdrawnAt),
        isNull(leads.erasedAt),
        notInArray(leads.status, ['won', 'lost']),
        sql`not exists (select 1 from ${leadReplies} where ${leadReplies.deliveryId} = ${leadDeliveries.id})`,
      ),
    )
    .limit(BATCH);
  let sent = 0;
  for (const r of rows) {
    if (!isDaytime(now, r.timeZone)) continue;
    if (daytimeMinutesBetween(new Date(r.hadDetailsAt), now, r.timeZone) < REMINDER_AFTER_MINUTES) continue;
    const reminded = await inTransaction(ctx, async (tx) => {
      const [claimed] = await tx.db
        .update(leadDeliveries)
        .set({ replyRemindedAt: now })
        .where(and(eq(leadDeliveries.id, r.deliveryId), isNull(leadDeliveries.replyRemindedAt)))
        .returning({ id: leadDeliveries.id });
      if (!claimed) return false;
      const site = await countySiteWords(tx, { id: r.regionId });
      const link = portalLeadLink(site.siteUrl, r.deliveryId);
      await queueEmail(tx, {
        kind: 'reply-reminder',
        to: r.email,
        regionId: r.regionId,
        subject: `Reminder: the homeowner is waiting for your reply (${r.serviceNeeded})`,
        text: [
          `Hello ${r.contractorName},`,
          '',
          `You have had lead #${r.leadId} (${r.serviceNeeded} in ${r.location}) for 4 daytime hours, and the homeowner has no reply from you yet. Homeowners hire who answers first, and your profile shows how quickly you usually reply.`,
          '',
          `Reply, or record that you called them: ${link}`,
          '',
          site.siteTitle,
        ].join('\n'),
      });
      const phone = r.textOptIn && r.textPhone ? toE164(r.textPhone) : null;
      if (phone)
        await queueText(tx, {
          regionId: r.regionId,
          kind: 'reply-reminder',
          to: phone,
          body: `${site.siteTitle}: the homeowner of your ${r.serviceNeeded} lead is waiting for your reply. ${link}`,
        });
      return true;
    });
    if (reminded) sent++;
  }
  return sent;
}
