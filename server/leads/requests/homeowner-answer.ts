import { eq } from 'drizzle-orm';
import { isPaidOrCredited } from '@shared/schemas/deliveries';
import type { HomeownerAnswer } from '@shared/schemas/request-page';
import { inTransaction, type AppContext, type ServiceCtx } from '../../context';
import { homeownerAnswers, leads, leadStatusChanges, type LeadRow } from '../../db/schema';
import { conflict } from '../../domain/errors';
import { answersOpen, liveDeliveryOf } from './request-page';
import { requestOfToken } from './request-of-token';

const REFUSED: Record<HomeownerAnswer, string> = {
  hired: 'You can say you hired them once they have your details.',
  still_looking: 'You already told us this.',
};

/**
 * The homeowner's answer on the request's page (docs/decisions/0128-request-page-and-replies.md),
 * each once. "I hired them" marks the lead won and closes it, unless its contractor marked it lost:
 * then both words stand on the lead's thread for the administrator to see. The review follow-up
 * already waits for every paid or credited delivery (docs/decisions/0050-review-follow-up.md).
 */
export async function answerRequest(
  ctx: AppContext,
  token: string,
  county: string,
  answer: HomeownerAnswer,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const lead = await requestOfToken(tx, token, county, true);
    if (lead.withdrawnAt) throw conflict('This request was withdrawn.');
    const delivery = await liveDeliveryOf(tx, lead.id);
    const hasDetails = delivery !== null && isPaidOrCredited(delivery.paymentState);
    const given = await tx.db
      .select({ answer: homeownerAnswers.answer })
      .from(homeownerAnswers)
      .where(eq(homeownerAnswers.leadId, lead.id));
    const open = answersOpen(
      false,
      hasDetails,
      given.map((g) => g.answer),
    );
    if (!open.includes(answer))
      throw conflict(given.some((g) => g.answer === 'hired') ? 'You already told us you hired them.' : REFUSED[answer]);
    if (answer === 'hired' && delivery) await recordHired(tx, lead, delivery.id);
    else await recordAnswer(tx, lead.id, answer);
  });
}

/** A homeowner's answer, once (a second of the same is no change). */
export async function recordAnswer(ctx: ServiceCtx, leadId: number, answer: HomeownerAnswer): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(homeownerAnswers)
    .values({ leadId, answer, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

/**
 * "I hired them", from the page or the follow-up email (ctx.db a transaction holding the lead's
 * row): recorded, and the lead marked won and closed, unless its contractor marked it won already
 * or lost (then both words stand on its thread for the administrator).
 */
export async function recordHired(
  ctx: ServiceCtx,
  lead: Pick<LeadRow, 'id' | 'status'>,
  deliveryId: number,
): Promise<void> {
  await recordAnswer(ctx, lead.id, 'hired');
  if (lead.status === 'won' || lead.status === 'lost') return;
  const now = ctx.clock.now();
  // Won closes the lead: its details are erased LEAD_RETENTION_DAYS later (docs/decisions/0114-homeowner-privacy.md).
  await ctx.db.update(leads).set({ status: 'won', closedAt: now }).where(eq(leads.id, lead.id));
  await ctx.db.insert(leadStatusChanges).values({ deliveryId, status: 'won', changedAt: now });
}
