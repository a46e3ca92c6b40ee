import { and, eq, sql } from 'drizzle-orm';
import { centsToDecimal, formatPrice } from '@shared/money';
import { toE164 } from '@shared/phone-numbers';
import { hideContactDetails } from '@shared/contact-details';
import type { PaymentState } from '@shared/schemas/deliveries';
import type { AppContext, DbCtx } from '../context';
import { contractorLeadPreferences, leadDeliveries, leads, outboxEmails, textOptOuts, towns } from '../db/schema';
import { leadOfDelivery, preferencesOfDelivery } from '../db/delivery-joins';
import { TextRefused } from '../integrations/texts';
import { countySiteWords } from '../counties/counties';

/**
 * Text messages through the outbox (docs/decisions/0118-text-messages.md), as email is
 * (docs/decisions/0087-transactional-outbox.md): a text is a row of outbox_emails with channel
 * 'text' (to_address the number in E.164, no subject), written in the transaction of the change
 * that causes it; with Twilio a send-text job queued in the same transaction sends it, retrying
 * with backoff, and without Twilio it is kept there for the admin to read. A number that answered
 * STOP is never sent a text.
 */

export const SEND_TEXT = 'send-text';
/** Where pg-boss moves a send-text job that will not be tried again, whatever ended it. */
export const SEND_TEXT_GAVE_UP = 'send-text-gave-up';

export interface SendTextJob {
  outboxId: number;
}

/** Kinds of text the product sends. */
export type TextKind = 'lead-text' | 'reply-reminder' | 'claim-code' | 'claim-invitation';

/** What queueing a text needs: ctx.db is the transaction of the change that causes it. */
export type TextOutboxCtx = Pick<AppContext, 'db' | 'texts' | 'jobs'>;

export const OPTED_OUT = 'Not sent: the number answered STOP';
export const NOT_A_NUMBER = 'Not sent: not a phone number a text can go to';

async function isOptedOut(ctx: DbCtx, phone: string): Promise<boolean> {
  const [row] = await ctx.db.select({ phone: textOptOuts.phone }).from(textOptOuts).where(eq(textOptOuts.phone, phone));
  return Boolean(row);
}

/**
 * Writes the text through ctx.db (the transaction of the change) and, with Twilio, queues its
 * sending there too. A number that cannot take a text, or that answered STOP, gets no job: the
 * row says why it was not sent.
 */
export async function queueText(
  ctx: TextOutboxCtx,
  message: { regionId?: number | null; kind: TextKind; to: string; body: string },
): Promise<number> {
  const phone = toE164(message.to);
  const refused = !phone ? NOT_A_NUMBER : (await isOptedOut(ctx, phone)) ? OPTED_OUT : null;
  const status = refused ? 'failed' : ctx.texts.transport === 'twilio' ? 'pending' : 'kept';
  const [row] = await ctx.db
    .insert(outboxEmails)
    .values({
      regionId: message.regionId ?? null,
      kind: message.kind,
      channel: 'text',
      toAddress: phone ?? message.to,
      subject: '',
      textBody: message.body,
      status,
      lastError: refused,
    })
    .returning({ id: outboxEmails.id });
  if (status === 'pending') await ctx.jobs.send(SEND_TEXT, { outboxId: row!.id } satisfies SendTextJob, ctx.db);
  return row!.id;
}

const LAST_ERROR_LENGTH = 500;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, LAST_ERROR_LENGTH);
/** Twilio's error for a message to a number that replied STOP to the sending number. */
const TWILIO_UNSUBSCRIBED = 21610;

/**
 * One sending attempt (the send-text job). A text already sent, kept or failed is not sent again;
 * the attempt is counted before the send. A number that answered STOP since the text was queued
 * fails it without a send. Twilio refusing the message for good (a 4xx: a bad or unsubscribed
 * number) fails it at once; anything else rejects, for the queue to retry.
 */
export async function deliverQueuedText(
  ctx: Pick<AppContext, 'db' | 'texts' | 'clock'>,
  outboxId: number,
  attempt: { lastAttempt: boolean },
): Promise<void> {
  const mine = and(eq(outboxEmails.id, outboxId), eq(outboxEmails.channel, 'text'), eq(outboxEmails.status, 'pending'));
  if (ctx.texts.transport === 'outbox') {
    // The Twilio settings were removed since the text was queued: it stays here for the admin to read.
    await ctx.db.update(outboxEmails).set({ status: 'kept', lastError: null }).where(mine);
    return;
  }
  const [row] = await ctx.db
    .update(outboxEmails)
    .set({ attempts: sql`${outboxEmails.attempts} + 1` })
    .where(mine)
    .returning();
  if (!row) return;
  if (await isOptedOut(ctx, row.toAddress)) {
    await ctx.db
      .update(outboxEmails)
      .set({ status: 'failed', lastError: OPTED_OUT })
      .where(eq(outboxEmails.id, outboxId));
    return;
  }
  try {
    await ctx.texts.send({ to: row.toAddress, body: row.textBody });
  } catch (err) {
    const permanent = err instanceof TextRefused && err.permanent;
    // Twilio knows of a STOP this app missed: recorded, so no later text is even tried.
    if (err instanceof TextRefused && err.code === TWILIO_UNSUBSCRIBED)
      await ctx.db.insert(textOptOuts).values({ phone: row.toAddress }).onConflictDoNothing();
    await ctx.db
      .update(outboxEmails)
      .set({ lastError: errorText(err), status: permanent || attempt.lastAttempt ? 'failed' : 'pending' })
      .where(eq(outboxEmails.id, outboxId));
    if (permanent) return;
    throw err;
  }
  await ctx.db
    .update(outboxEmails)
    .set({ status: 'sent', sentAt: ctx.clock.now(), lastError: null })
    .where(eq(outboxEmails.id, outboxId));
}

/** A send-text job that ended without its own verdict (it expired, or its process died on the last attempt). */
export async function giveUpText(ctx: DbCtx, outboxId: number): Promise<void> {
  await ctx.db
    .update(outboxEmails)
    .set({ status: 'failed', lastError: sql`coalesce(${outboxEmails.lastError}, 'The last attempt did not finish')` })
    .where(and(eq(outboxEmails.id, outboxId), eq(outboxEmails.status, 'pending')));
}

/** Where a lead's text points: the contractor's leads in the portal; `delivery` marks which one, and that this delivery's text exists. */
export const portalLeadLink = (siteUrl: string, deliveryId: number) =>
  `${siteUrl}/contractor?section=leads&delivery=${deliveryId}`;

/** The text of a delivered lead: service, town, price and the portal link; never the homeowner's name, email, phone or words. */
export function leadText(facts: {
  siteTitle: string;
  siteUrl: string;
  deliveryId: number;
  service: string;
  town: string;
  price: string;
  paymentState: PaymentState;
}): string {
  const price =
    facts.paymentState === 'credited'
      ? `taken from a plan credit (${formatPrice(facts.price)})`
      : facts.paymentState === 'paid'
        ? `paid (${formatPrice(facts.price)})`
        : `${formatPrice(facts.price)} to unlock the customer's details`;
  return [
    `${facts.siteTitle}: new lead, ${facts.service} in ${facts.town}, ${price}.`,
    'Reply STOP to stop these texts.',
    `Open it: ${portalLeadLink(facts.siteUrl, facts.deliveryId)}`,
  ].join('\n');
}

/**
 * The text that tells a contractor of a delivery (issue 34, part 4), queued in the delivery's
 * transaction (ctx.db) when the contractor gave a mobile number and opted in to texts. Once per
 * delivery: the delivery's row is locked and a text already written for it (its link names the
 * delivery) is not written again. Answers the outbox row's id, or null when no text is due.
 */
export async function queueLeadText(
  ctx: TextOutboxCtx & Pick<AppContext, 'siteUrl'>,
  { deliveryId }: { deliveryId: number },
): Promise<number | null> {
  const [row] = await ctx.db
    .select({
      paymentState: leadDeliveries.paymentState,
      priceCents: leadDeliveries.priceCents,
      regionId: leads.regionId,
      serviceNeeded: leads.serviceNeeded,
      location: leads.location,
      town: towns.name,
      textPhone: contractorLeadPreferences.textPhone,
      textOptIn: contractorLeadPreferences.textOptIn,
    })
    .from(leadDeliveries)
    .innerJoin(leads, leadOfDelivery)
    .leftJoin(towns, eq(towns.id, leads.townId))
    .leftJoin(contractorLeadPreferences, preferencesOfDelivery)
    .where(eq(leadDeliveries.id, deliveryId))
    // Two calls for one delivery queue behind each other here, and the second finds the first's text.
    .for('update', { of: leadDeliveries });
  if (!row || row.paymentState === 'cancelled' || !row.textOptIn || !row.textPhone) return null;
  const to = toE164(row.textPhone) ?? row.textPhone;
  const [existing] = await ctx.db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.toAddress, to),
        eq(outboxEmails.kind, 'lead-text'),
        sql`${outboxEmails.textBody} ~ ${`[?&]delivery=${deliveryId}(\\D|$)`}`,
      ),
    )
    .limit(1);
  if (existing) return null;
  const site = await countySiteWords(ctx, { id: row.regionId });
  const body = leadText({
    siteTitle: site.siteTitle,
    siteUrl: site.siteUrl,
    deliveryId,
    // The homeowner's own words may hold a phone number or an address: hidden, as in an unpaid lead's email.
    service: hideContactDetails(row.serviceNeeded),
    town: row.town ?? hideContactDetails(row.location),
    price: centsToDecimal(row.priceCents),
    paymentState: row.paymentState,
  });
  return queueText(ctx, { regionId: row.regionId, kind: 'lead-text', to, body });
}
