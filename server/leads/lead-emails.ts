import { RECEIVED_BY } from '@shared/lead-recipients';
import { centsToDecimal, formatPrice } from '@shared/money';
import type { PaymentState } from '@shared/schemas/deliveries';
import type { LeadRow } from '../db/schema';
import type { EmailKind } from '../integrations/email';
import { queueEmail, type OutboxCtx } from '../notifications/email-delivery';
import { hideContactDetails, projectSummary } from '../../shared/contact-details';
import { deliveryParties } from './delivery-parties';

/**
 * The emails a contractor gets about a lead (docs/decisions/0040-delivery-emails.md): the delivery notice
 * (customer details when credited, a masked summary and the pay link while awaiting payment) and the
 * payment receipt with the customer's details.
 */

export interface Recipient {
  id: number;
  /** The portal sign-in's address when there is one, else the listing's business address. */
  email: string;
}

export interface EmailContent {
  subject: string;
  text: string;
}

/** What the emails need to know about a delivery. */
export interface DeliveryFacts {
  leadId: number;
  contractorId: number;
  contractorName: string;
  /** '25.00' */
  price: string;
  paymentState: PaymentState;
}

/** Queued in the transaction of the delivery or payment it announces (ctx.db; docs/decisions/0087-transactional-outbox.md). */
export async function sendToContractor(
  ctx: OutboxCtx,
  to: Recipient,
  kind: EmailKind,
  message: EmailContent & { regionId?: number | null },
): Promise<void> {
  await queueEmail(ctx, {
    kind,
    to: to.email,
    subject: message.subject,
    text: message.text,
    regionId: message.regionId ?? null,
  });
}

const subjectOf = (lead: LeadRow) => `New lead: ${lead.serviceNeeded} in ${lead.location}`;

function customerDetails(lead: LeadRow): string[] {
  return [
    `Customer: ${lead.name}`,
    `Email: ${lead.email}`,
    `Phone: ${lead.phone}`,
    `Service: ${lead.serviceNeeded}`,
    `Location: ${lead.location}`,
    `Budget: ${lead.budgetRange || 'Not given'}`,
    '',
    'Project details:',
    lead.projectDetails,
    '',
    'Please contact the customer within 24-48 hours.',
  ];
}

export function deliveryEmail(siteUrl: string, lead: LeadRow, delivery: DeliveryFacts): EmailContent {
  if (delivery.paymentState === 'credited') {
    return {
      subject: subjectOf(lead),
      text: [
        `Hello ${delivery.contractorName},`,
        '',
        'A new lead has been delivered to you and paid with one of your plan credits.',
        RECEIVED_BY,
        '',
        ...customerDetails(lead),
      ].join('\n'),
    };
  }
  const link = `${siteUrl}/buy-lead?leadId=${delivery.leadId}&contractorId=${delivery.contractorId}`;
  return {
    subject: subjectOf(lead),
    text: [
      `Hello ${delivery.contractorName},`,
      '',
      "A new lead is waiting for you. You have no plan credits left this period, so the customer's contact details are sent once the lead is paid.",
      RECEIVED_BY,
      '',
      `Service: ${lead.serviceNeeded}`,
      `Location: ${hideContactDetails(lead.location)}`,
      `Budget: ${lead.budgetRange || 'Not given'}`,
      '',
      'Project summary:',
      projectSummary(lead.projectDetails),
      '',
      `Price: ${formatPrice(delivery.price)}`,
      `Buy this lead: ${link}`,
    ].join('\n'),
  };
}

export function receiptEmail(lead: LeadRow, delivery: Pick<DeliveryFacts, 'contractorName' | 'price'>): EmailContent {
  return {
    subject: `Payment received: ${lead.serviceNeeded} in ${lead.location}`,
    text: [
      `Hello ${delivery.contractorName},`,
      '',
      `We have recorded your payment of ${formatPrice(delivery.price)} for this lead. Here are the customer's details.`,
      '',
      ...customerDetails(lead),
    ].join('\n'),
  };
}

/** Queues the receipt for a delivery that has just been paid (by card or recorded by the admin), in the transaction that paid it (ctx.db). */
export async function sendReceipt(ctx: OutboxCtx, deliveryId: number): Promise<void> {
  const row = await deliveryParties(ctx, deliveryId);
  if (!row) return;
  const recipient = { id: row.contractorId, email: row.email };
  await sendToContractor(ctx, recipient, 'payment-receipt', {
    ...receiptEmail(row.lead, { contractorName: row.contractorName, price: centsToDecimal(row.priceCents) }),
    regionId: row.lead.regionId,
  });
}
