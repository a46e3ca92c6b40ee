import { and, eq, ne } from 'drizzle-orm';
import { isPaidOrCredited } from '@shared/schemas/deliveries';
import { formPages } from '@shared/forms';
import { ALREADY_WITHDRAWN, WITHDRAW_LINK_INVALID, type WithdrawAnswer } from '@shared/schemas/lead-withdrawal';
import { longDate } from '@shared/site-calendar';
import { requestPage } from '@shared/schemas/request-page';
import { inTransaction, type AppContext } from '../context';
import { leadDeliveries, leads } from '../db/schema';
import { conflict, notFound } from '../domain/errors';
import { hashAccountToken, newToken } from '../accounts/account-tokens';
import { sendCancellation } from './claim-emails';
import { eraseLeadDetails } from './lead-retention';

/**
 * A homeowner withdraws a quote request (docs/decisions/0114-homeowner-privacy.md) through the link
 * in its confirmation email: 256 random bits, only their SHA-256 kept on the lead (the project's
 * account-link pattern, docs/decisions/0108-contractor-password-reset.md), working once and until
 * the lead's details are erased.
 */

/** A new withdraw link's token (for the email) and its hash (for the lead). */
export function newWithdrawToken(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: hashAccountToken(token) };
}

export const withdrawLink = (siteUrl: string, token: string) =>
  `${siteUrl}${formPages.withdraw.path}?token=${encodeURIComponent(token)}`;

/** The homeowner's confirmation of a quote request, with the withdraw link. */
export function quoteConfirmationEmail(input: {
  siteUrl: string;
  siteTitle: string;
  name: string;
  contractorName: string;
  serviceNeeded: string;
  askedAt: Date;
  token: string;
  retentionDays: number;
}) {
  return {
    subject: `Your quote request to ${input.contractorName}`,
    text: [
      `Hello ${input.name},`,
      '',
      `We received your request for a quote for ${input.serviceNeeded} on ${longDate(input.askedAt)}, and we will pass it to ${input.contractorName}. They will contact you by email or phone.`,
      '',
      // The request's own page (docs/decisions/0128-request-page-and-replies.md): the same token, a page to follow it on.
      `Follow your request, and read ${input.contractorName}'s replies, on its own page:`,
      `${input.siteUrl}${requestPage.path(input.token)}`,
      '',
      'Changed your mind? Withdraw your request here, and it will not be passed to anyone:',
      withdrawLink(input.siteUrl, input.token),
      '',
      `Your contact details are erased ${input.retentionDays} days after your request is closed. Our privacy policy: ${input.siteUrl}/privacy`,
      '',
      `${input.siteTitle}`,
    ].join('\n'),
  };
}

/**
 * Withdraws the lead whose link this is. From then on it is offered to no one (a delivery refuses
 * it). A delivery awaiting payment ends, and its contractor is told as for any cancelled delivery;
 * a contractor who paid or used a credit keeps what was delivered, and the details stay for it
 * until the retention erases them (the lead is closed now). When nobody has them, they are erased
 * at once. A wrong link is not found; a used one a conflict.
 */
export async function withdrawLead(ctx: AppContext, token: string): Promise<WithdrawAnswer> {
  return inTransaction(ctx, async (tx) => {
    const [lead] = await tx.db
      .select({ id: leads.id, withdrawnAt: leads.withdrawnAt })
      .from(leads)
      .where(eq(leads.withdrawTokenHash, hashAccountToken(token)))
      .for('update');
    if (!lead) throw notFound(WITHDRAW_LINK_INVALID);
    if (lead.withdrawnAt) throw conflict(ALREADY_WITHDRAWN);
    const now = tx.clock.now();
    const [live] = await tx.db
      .select({ id: leadDeliveries.id, paymentState: leadDeliveries.paymentState })
      .from(leadDeliveries)
      .where(and(eq(leadDeliveries.leadId, lead.id), ne(leadDeliveries.paymentState, 'cancelled')))
      .for('update');
    const kept = live !== undefined && isPaidOrCredited(live.paymentState);
    if (live && !kept) {
      await tx.db
        .update(leadDeliveries)
        .set({ paymentState: 'cancelled', cancelledAt: now })
        .where(eq(leadDeliveries.id, live.id));
      await sendCancellation(tx, live.id, 'unpaid');
    }
    await tx.db
      .update(leads)
      .set({ withdrawnAt: now, closedAt: now, ...(live && !kept ? { status: 'new' as const } : {}) })
      .where(eq(leads.id, lead.id));
    if (!kept) await eraseLeadDetails(tx, [lead.id]);
    return { erased: !kept };
  });
}
