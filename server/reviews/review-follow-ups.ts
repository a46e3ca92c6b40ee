import { longDate } from '@shared/site-calendar';
import { isPaidOrCredited } from '@shared/schemas/deliveries';
import { HIRE_ANSWER_LABELS, HIRE_ANSWERS, REVIEW_LINK_DAYS } from '@shared/schemas/reviews';
import { inTransaction, type AppContext } from '../context';
import { reviewRequests } from '../db/schema';
import { queueEmail } from '../notifications/email-delivery';
import { countySiteWords } from '../counties/counties';
import { signReviewLink } from './review-tokens';
import { ownBusinessReason, reviewerName } from './review-rules';
import { deliveryToReview } from './delivery-to-review';

/**
 * The follow-up email (docs/decisions/0050-review-follow-up.md): FOLLOW_UP_DELAY after a delivery
 * is paid or credited, its homeowner is asked whether the contractor made contact and was hired,
 * with a signed review link that works for 60 days. Every homeowner is asked the same way: nothing
 * is offered for an answer, and whether it will be good plays no part.
 */

export const REVIEW_FOLLOW_UP = 'review-follow-up';

export interface FollowUpJob {
  deliveryId: number;
}

const DAY_MS = 86_400_000;

/**
 * The one place a follow-up is started: call it in the transaction that makes a delivery paid or
 * credited (a delivery with a credit, a card payment confirmed by the browser or the webhook, a
 * payment the administrator records), so it is queued exactly when that commits.
 */
export async function scheduleFollowUp(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'env'>,
  deliveryId: number,
): Promise<void> {
  await ctx.jobs.send(REVIEW_FOLLOW_UP, { deliveryId } satisfies FollowUpJob, ctx.db, {
    delaySeconds: ctx.env.FOLLOW_UP_DELAY / 1000,
  });
}

export function followUpEmail(input: {
  siteUrl: string;
  siteTitle: string;
  token: string;
  firstName: string;
  contractorName: string;
  serviceNeeded: string;
  askedAt: Date;
  expiresAt: Date;
  /** Whether to ask "Did you hire them?" with one-click answers: not when the homeowner said so on the request's page. */
  askHire: boolean;
}) {
  const c = input.contractorName;
  const page = `${input.siteUrl}/review/${input.token}`;
  // One click each (docs/decisions/0128-request-page-and-replies.md): the link opens the page, whose button confirms (a mail scanner opening links answers nothing).
  const oneClick = input.askHire
    ? [
        `Did you hire ${c}? Answer with one click:`,
        ...HIRE_ANSWERS.map((a) => `${HIRE_ANSWER_LABELS[a]}: ${page}?answer=${a}`),
        '',
      ]
    : [];
  return {
    subject: `Did ${c} contact you? Did you hire them?`,
    text: [
      `Hello ${input.firstName || 'there'},`,
      '',
      `On ${longDate(input.askedAt)} you asked for a quote for ${input.serviceNeeded} through ${input.siteTitle}, and we passed your request to ${c}.`,
      '',
      ...oneClick,
      `Did ${c} contact you? Did you hire them?`,
      '',
      'Please tell us, and rate them from 1 to 5 stars. It takes a minute:',
      page,
      '',
      `Your answer helps your neighbors. Your rating and comment appear on ${c}'s profile as a "Verified homeowner" review, with your first name and the month; your email and phone number are never shown. Contractors cannot change or remove reviews. Our review policy: ${input.siteUrl}/review-policy`,
      '',
      `The link works once, until ${longDate(input.expiresAt)}.`,
    ].join('\n'),
  };
}

/**
 * The review-follow-up job. The request row is written with the email, in one transaction, and at
 * most once per delivery, so a job run twice sends one email. Not sent (and recorded why): a
 * delivery cancelled since, a lead already reviewed, or a homeowner email that is the contractor's
 * own (16 CFR 465: no reviews by the business or its staff).
 */
export async function sendFollowUp(ctx: AppContext, deliveryId: number): Promise<void> {
  // Before the server listens the address may not be known; the job is retried.
  if (!ctx.siteUrl) throw new Error('The site address is not known yet');
  const now = ctx.clock.now();
  await inTransaction(ctx, async (tx) => {
    const row = await deliveryToReview(tx, deliveryId);
    if (!row) return;
    // A withdrawn or erased request gets nothing more (docs/decisions/0128-request-page-and-replies.md).
    const skipReason = !isPaidOrCredited(row.paymentState)
      ? 'The delivery was cancelled'
      : row.withdrawnAt || row.erasedAt
        ? 'The homeowner withdrew the request'
        : row.reviewId !== null
          ? 'The homeowner has already reviewed this lead'
          : ownBusinessReason(row.email, {
              email: row.contractorEmail,
              accountEmail: row.accountEmail,
              website: row.website,
            });
    const expiresAt = new Date(now.getTime() + REVIEW_LINK_DAYS * DAY_MS);
    const [request] = await tx.db
      .insert(reviewRequests)
      .values(skipReason ? { deliveryId, status: 'skipped', skipReason } : { deliveryId, status: 'sent', expiresAt })
      .onConflictDoNothing({ target: reviewRequests.deliveryId })
      .returning({ id: reviewRequests.id });
    if (!request || skipReason) return;
    const token = signReviewLink(ctx.env, { deliveryId, expiresAt });
    // The homeowner answers on the site of the county they asked on.
    const { siteUrl, siteTitle } = await countySiteWords(tx, { id: row.regionId });
    const email = followUpEmail({
      siteUrl,
      siteTitle,
      token,
      firstName: reviewerName(row.name),
      contractorName: row.contractorName,
      serviceNeeded: row.serviceNeeded,
      askedAt: row.askedAt,
      expiresAt,
      askHire: !row.hiredOnPage,
    });
    await queueEmail(tx, { kind: 'review-request', to: row.email, regionId: row.regionId, ...email });
  });
}
