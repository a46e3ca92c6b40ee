import { eq } from 'drizzle-orm';
import type { HireAnswer } from '@shared/reviews';
import { formatDay } from '@shared/credentials';
import { siteDay } from '@shared/site-calendar';
import { inTransaction, type AppContext } from '../../context';
import { contractorAccounts, contractors, leadDeliveries, leads, reviewRequests } from '../../db/schema';
import { accountOfContractor, contractorEmail } from '../../contractors/contractor-email';
import { conflict } from '../../domain/errors';
import { queueEmail } from '../../notifications/email-delivery';
import { hireCheckOf } from '../../reviews/reviews';
import { refreshReplyRecords } from '../../contractors/reply-records';
import { recordAnswer, recordHired } from './homeowner-answer';
import { contractorOfDelivery } from '../../db/delivery-joins';

/**
 * The follow-up email's one-click answer to "Did you hire them?" (docs/decisions/0128-request-page-and-replies.md),
 * once per delivery: "Yes, I hired them" marks the lead won (as on the request's page), "Not yet" is
 * the page's "I'm still looking", and "They never contacted me" is recorded and its contractor told.
 * The review form stays open beside it, as the email's invitation.
 */
export async function answerHireCheck(ctx: AppContext, token: string, answer: HireAnswer): Promise<void> {
  const d = await hireCheckOf(ctx, token);
  await inTransaction(ctx, async (tx) => {
    // The request row's lock makes a second answer (a double click, a second tab) wait and find the first.
    const [request] = await tx.db
      .select({ hireAnswer: reviewRequests.hireAnswer })
      .from(reviewRequests)
      .where(eq(reviewRequests.deliveryId, d.deliveryId))
      .for('update');
    if (request?.hireAnswer) throw conflict('You already answered this question. Thank you!');
    const [lead] = await tx.db.select().from(leads).where(eq(leads.id, d.leadId)).for('update');
    if (!lead || lead.withdrawnAt || lead.erasedAt) throw conflict('This request was withdrawn.');
    const now = tx.clock.now();
    await tx.db
      .update(reviewRequests)
      .set({ hireAnswer: answer, hireAnsweredAt: now })
      .where(eq(reviewRequests.deliveryId, d.deliveryId));
    // The homeowner's word on being contacted is part of the contractor's record.
    await refreshReplyRecords(tx, [d.contractorId]);
    if (answer === 'hired') return recordHired(tx, lead, d.deliveryId);
    if (answer === 'not_yet') return recordAnswer(tx, lead.id, 'still_looking');
    const [delivery] = await tx.db
      .select({ createdAt: leadDeliveries.createdAt, email: contractorEmail })
      .from(leadDeliveries)
      .innerJoin(contractors, contractorOfDelivery)
      .leftJoin(contractorAccounts, accountOfContractor)
      .where(eq(leadDeliveries.id, d.deliveryId));
    await queueEmail(tx, {
      kind: 'not-contacted',
      to: delivery!.email,
      regionId: lead.regionId,
      subject: `A homeowner says you did not contact them: ${lead.serviceNeeded}`,
      text: [
        `Hello ${d.contractorName},`,
        '',
        `The homeowner of lead #${lead.id} (${lead.serviceNeeded} in ${lead.location}, delivered on ${formatDay(siteDay(delivery!.createdAt))}) told us you never contacted them.`,
        '',
        'If you did, record your call or reply to them from the lead in your portal. If you could not reach them, you can report the lead as bad from the same place while its claim window is open.',
      ].join('\n'),
    });
  });
}
