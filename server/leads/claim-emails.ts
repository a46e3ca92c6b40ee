import { formatMoney } from '@shared/money';
import {
  CLAIM_REASON_LABELS,
  RECORD_CLAIM_REASON,
  type ClaimReason,
  type RefundMethod,
} from '@shared/schemas/lead-claims';
import type { AppContext } from '../context';
import type { OutboxCtx } from '../notifications/email-delivery';
import { notifyAdmin } from '../notifications/admin-notices';
import { countySiteWords } from '../counties/counties';
import { sendToContractor, type EmailContent } from './lead-emails';
import { deliveryParties, type DeliveryParties } from './delivery-parties';

/**
 * The emails of the lead guarantee (docs/decisions/0046-lead-guarantee.md): the administrator hears of
 * a new claim; the contractor hears the decision either way, and of a cancelled delivery, with what
 * comes back. Each is queued in the transaction of the change it announces
 * (docs/decisions/0087-transactional-outbox.md).
 */

const leadName = (p: DeliveryParties) => `${p.lead.serviceNeeded} in ${p.lead.location}`;

/** What comes back, in the contractor's words. */
export function refundSentence(method: RefundMethod, amountCents: number): string {
  const amount = formatMoney(amountCents);
  switch (method) {
    case 'card':
      return `We are refunding the ${amount} you paid to your card. Refunds usually reach your statement within 5-10 business days.`;
    case 'credit':
      return 'The plan credit you used is back as a bonus credit. Bonus credits do not expire; they are used when your plan has no credits left for the month.';
    case 'offline':
      return `You paid ${amount} outside the site; it will be returned to you the same way.`;
  }
}

/** What these emails need: ctx.db is the transaction of the change they announce. */
type ClaimEmailCtx = OutboxCtx & Pick<AppContext, 'env' | 'siteUrl'>;

async function toContractor(
  ctx: OutboxCtx,
  p: DeliveryParties,
  kind: 'claim-decision' | 'delivery-cancelled',
  message: EmailContent,
) {
  // The lead's county: the emails are its (docs/decisions/0103-county-administrators.md).
  await sendToContractor(ctx, { id: p.contractorId, email: p.email }, kind, { ...message, regionId: p.lead.regionId });
}

export async function sendClaimNotice(
  ctx: ClaimEmailCtx,
  deliveryId: number,
  claim: { reason: ClaimReason; details: string },
): Promise<void> {
  const p = await deliveryParties(ctx, deliveryId);
  if (!p) return;
  // The lead's county: its site's admin area, and its administrators (docs/decisions/0106-county-emails-and-jobs.md).
  const { siteUrl } = await countySiteWords(ctx, { id: p.lead.regionId });
  await notifyAdmin(ctx, {
    kind: 'claim-notice',
    regionId: p.lead.regionId,
    subject: `Lead claim: ${CLAIM_REASON_LABELS[claim.reason]} (${leadName(p)})`,
    text: [
      `${p.contractorName} claims that lead #${p.lead.id} (${leadName(p)}, ${formatMoney(p.priceCents)}) was bad.`,
      '',
      `Reason: ${CLAIM_REASON_LABELS[claim.reason]}`,
      ...(claim.details ? [`Details: ${claim.details}`] : []),
      '',
      `Approve or deny it: ${siteUrl}/admin/claims`,
    ].join('\n'),
  });
}

export async function sendClaimDecision(
  ctx: ClaimEmailCtx,
  deliveryId: number,
  decision: {
    status: 'approved' | 'denied';
    reason: ClaimReason;
    note: string;
    refund: { method: RefundMethod; amountCents: number } | null;
  },
): Promise<void> {
  const p = await deliveryParties(ctx, deliveryId);
  if (!p) return;
  const reason = CLAIM_REASON_LABELS[decision.reason].toLowerCase();
  const note = decision.note ? ['', `Note from the administrator: ${decision.note}`] : [];
  // A contested reply record (docs/decisions/0128-request-page-and-replies.md): about the record, never money.
  if (decision.reason === RECORD_CLAIM_REASON) {
    const approved = decision.status === 'approved';
    await toContractor(ctx, p, 'claim-decision', {
      subject: `${approved ? 'Claim approved' : 'Claim not approved'}: ${leadName(p)}`,
      text: [
        `Hello ${p.contractorName},`,
        '',
        approved
          ? 'We looked into it and agree that you contacted the homeowner: their answer that you did not no longer counts in your reply record.'
          : 'We looked into it and could not confirm that you contacted the homeowner, so their answer stays in your reply record.',
        ...note,
      ].join('\n'),
    });
    return;
  }
  if (decision.status === 'approved') {
    await toContractor(ctx, p, 'claim-decision', {
      subject: `Claim approved: ${leadName(p)}`,
      text: [
        `Hello ${p.contractorName},`,
        '',
        `We approved your claim that this lead was bad (${reason}).`,
        ...(decision.refund ? ['', refundSentence(decision.refund.method, decision.refund.amountCents)] : []),
        ...note,
      ].join('\n'),
    });
    return;
  }
  await toContractor(ctx, p, 'claim-decision', {
    subject: `Claim not approved: ${leadName(p)}`,
    text: [
      `Hello ${p.contractorName},`,
      '',
      `We reviewed your claim that this lead was bad (${reason}) and could not approve it, so nothing is refunded.`,
      ...note,
    ].join('\n'),
  });
}

/**
 * What a cancellation means for the contractor's money: nothing was paid yet, it was given back
 * for an approved claim already, a payment arrived after the cancellation (refunded), or this refund.
 */
export type CancellationOutcome =
  'unpaid' | 'refunded-before' | 'paid-late' | { method: RefundMethod; amountCents: number };

function cancellationSentence(outcome: CancellationOutcome, priceCents: number): string {
  if (outcome === 'unpaid') return 'You do not need to pay for it.';
  if (outcome === 'refunded-before') return 'What you paid for it was given back when your claim was approved.';
  if (outcome === 'paid-late')
    return `Your payment of ${formatMoney(priceCents)} arrived after the delivery was cancelled, so we are refunding it to your card.`;
  return refundSentence(outcome.method, outcome.amountCents);
}

export async function sendCancellation(
  ctx: ClaimEmailCtx,
  deliveryId: number,
  outcome: CancellationOutcome,
): Promise<void> {
  const p = await deliveryParties(ctx, deliveryId);
  if (!p) return;
  const what = cancellationSentence(outcome, p.priceCents);
  await toContractor(ctx, p, 'delivery-cancelled', {
    subject: `Lead cancelled: ${leadName(p)}`,
    text: [
      `Hello ${p.contractorName},`,
      '',
      `The delivery of lead #${p.lead.id} (${leadName(p)}) to you has been cancelled.`,
      '',
      what,
    ].join('\n'),
  });
}
