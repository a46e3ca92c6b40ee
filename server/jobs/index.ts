import { today } from '../clock';
import type { AppContext } from '../context';
import { sendAdminDigest } from '../notifications/admin-digest';
import { runCredentialsDaily } from '../contractors/credential-jobs';
import { startFreeMonths } from '../leads/credits';
import {
  deliverQueuedEmail,
  giveUpEmail,
  SEND_EMAIL,
  SEND_EMAIL_GAVE_UP,
  type SendEmailJob,
} from '../notifications/email-delivery';
import { PASSWORD_RESET_REQUEST, sendPasswordResetLink, type PasswordResetJob } from '../accounts/password-reset';
import { pruneProfileVisitors } from '../contractors/profile-views';
import { REVIEW_FOLLOW_UP, sendFollowUp, type FollowUpJob } from '../reviews/review-follow-ups';
import { pruneExpiredSessions } from '../accounts/sessions';
import { eraseExpiredLeads } from '../leads/lead-retention';
import { pruneAccountTokens } from '../accounts/account-tokens';
import { submitRefund } from '../billing/refund-jobs';
import { SUBMIT_REFUND, type SubmitRefundJob } from '../leads/refunds';
import { SMTP_SEND_DEADLINE_MS } from '../integrations/email';
import { ROUTE_LEAD, routeLead, type RouteLeadJob } from '../leads/routing/route-lead';
import { releaseUnpaidLeads } from '../leads/routing/release-unpaid';
import { releaseUnclaimedLeads } from '../leads/routing/claimed-listing';
import {
  SEND_CLAIM_INVITATION,
  sendClaimInvitation,
  type ClaimInvitationJob,
} from '../contractors/claims/claim-invitations';
import { REPLY_REMINDERS, remindUnanswered } from '../leads/requests/reply-reminders';
import { REFRESH_REPLY_RECORDS, refreshAllReplyRecords } from '../contractors/reply-records';
import { TWILIO_TIMEOUT_MS } from '../integrations/texts';
import {
  deliverQueuedText,
  giveUpText,
  SEND_TEXT,
  SEND_TEXT_GAVE_UP,
  type SendTextJob,
} from '../notifications/text-delivery';

export { createJobQueue, type JobQueue } from './queue';

export const PRUNE_SESSIONS = 'prune-sessions';
export const RESET_FREE_CREDITS = 'reset-free-credits';
export const ADMIN_DIGEST = 'admin-digest';
export const CREDENTIALS_DAILY = 'credentials-daily';
export const PRUNE_PROFILE_VISITORS = 'prune-profile-visitors';
export const ERASE_CLOSED_LEADS = 'erase-closed-leads';
export const PRUNE_ACCOUNT_TOKENS = 'prune-account-tokens';
export const RELEASE_UNPAID_LEADS = 'release-unpaid-leads';

/** The app's queues, what runs their jobs and when the recurring ones come (docs/decisions/0086-job-queue.md). */
export function registerJobs(ctx: AppContext): void {
  const { jobs, log } = ctx;

  // First: the send-email queue names it as its dead letter queue.
  jobs.define<SendEmailJob>({
    name: SEND_EMAIL_GAVE_UP,
    run: ({ outboxId }) => giveUpEmail(ctx, outboxId),
  });
  jobs.define<SendEmailJob>({
    name: SEND_EMAIL,
    options: {
      // About 10 s, 20 s, 40 s ... then hourly: eleven attempts over roughly three hours.
      retryLimit: 10,
      retryDelay: 10,
      retryBackoff: true,
      retryDelayMax: 3_600,
      // An attempt ends within the SMTP deadline; a process that dies mid-send stops its heartbeat.
      expireInSeconds: Math.ceil(SMTP_SEND_DEADLINE_MS / 1000) + 20,
      heartbeatSeconds: 10,
      deadLetter: SEND_EMAIL_GAVE_UP,
    },
    // Most of a send is waiting on the mail server: eight at a time keep up with ten quote requests a
    // second, three messages each (npm run bench:lead-speed, docs/decisions/0117-lead-routing.md).
    concurrency: 8,
    pollingSeconds: 2,
    run: ({ outboxId }, job) => deliverQueuedEmail(ctx, outboxId, job),
  });

  // Each new quote request is routed at once (docs/decisions/0117-lead-routing.md): polled every
  // half second so a lead reaches its contractor in seconds; retried if the database blinks.
  jobs.define<RouteLeadJob>({
    name: ROUTE_LEAD,
    options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
    concurrency: 2,
    pollingSeconds: 0.5,
    run: ({ leadId }) => routeLead(ctx, leadId),
  });

  // An administrator's invitations to claim imported listings, one business a job, spaced (docs/decisions/0132-claim-invitations.md).
  jobs.define<ClaimInvitationJob>({
    name: SEND_CLAIM_INVITATION,
    run: (job) => sendClaimInvitation(ctx, job),
  });

  // A lead neither paid for nor credited within its county's hours is released to the homeowner's choice of others.
  jobs.define({
    name: RELEASE_UNPAID_LEADS,
    run: async () => {
      const released = await releaseUnpaidLeads(ctx);
      if (released) log.info('released unpaid leads', { leads: released });
      // And those held for a listing its business did not claim in time (docs/decisions/0131-listing-claims.md).
      const unclaimed = await releaseUnclaimedLeads(ctx);
      if (unclaimed) log.info('released leads of unclaimed listings', { leads: unclaimed });
    },
  });
  jobs.schedule(RELEASE_UNPAID_LEADS, '*/5 * * * *');
  // A lead taken with no reply for 4 daytime hours reminds its contractor once (docs/decisions/0128-request-page-and-replies.md).
  jobs.define({
    name: REPLY_REMINDERS,
    run: async () => {
      const reminded = await remindUnanswered(ctx);
      if (reminded) log.info('reminded contractors of unanswered leads', { leads: reminded });
    },
  });
  jobs.schedule(REPLY_REMINDERS, '*/15 * * * *');
  // The profiles' reply records age with the hours: an unanswered lead grows slower, old leads leave the 90 days.
  jobs.define({
    name: REFRESH_REPLY_RECORDS,
    run: async () => {
      const contractors = await refreshAllReplyRecords(ctx);
      if (contractors) log.info('refreshed reply records', { contractors });
    },
  });
  jobs.schedule(REFRESH_REPLY_RECORDS, '20 * * * *');
  // Text messages (docs/decisions/0118-text-messages.md): retried as email is; the dead letter queue first.
  jobs.define<SendTextJob>({
    name: SEND_TEXT_GAVE_UP,
    run: ({ outboxId }) => giveUpText(ctx, outboxId),
  });
  jobs.define<SendTextJob>({
    name: SEND_TEXT,
    options: {
      retryLimit: 10,
      retryDelay: 10,
      retryBackoff: true,
      retryDelayMax: 3_600,
      expireInSeconds: Math.ceil(TWILIO_TIMEOUT_MS / 1000) + 20,
      heartbeatSeconds: 10,
      deadLetter: SEND_TEXT_GAVE_UP,
    },
    concurrency: 2,
    pollingSeconds: 2,
    run: ({ outboxId }, job) => deliverQueuedText(ctx, outboxId, job),
  });

  // Card refunds (docs/decisions/0048-card-refunds.md): the provider not answering is retried like an email, about three hours in all.
  jobs.define<SubmitRefundJob>({
    name: SUBMIT_REFUND,
    options: { retryLimit: 10, retryDelay: 10, retryBackoff: true, retryDelayMax: 3_600, expireInSeconds: 60 },
    pollingSeconds: 5,
    run: ({ refundId }, job) => submitRefund(ctx, refundId, job),
  });

  // 'Forgot your password?' (docs/decisions/0108-contractor-password-reset.md): the request only queues this, so a known and an unknown address cost it the same.
  jobs.define<PasswordResetJob>({
    name: PASSWORD_RESET_REQUEST,
    options: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
    pollingSeconds: 2,
    run: (job) => sendPasswordResetLink(ctx, job),
  });

  // FOLLOW_UP_DELAY after a lead is paid or credited, its homeowner is asked for a review (docs/decisions/0050-review-follow-up.md).
  jobs.define<FollowUpJob>({
    name: REVIEW_FOLLOW_UP,
    options: { retryLimit: 5, retryDelay: 60, retryBackoff: true },
    run: ({ deliveryId }) => sendFollowUp(ctx, deliveryId),
  });

  jobs.define({
    name: PRUNE_SESSIONS,
    run: async () => {
      const pruned = await pruneExpiredSessions(ctx);
      if (pruned) log.info('pruned expired sessions', { pruned });
    },
  });
  jobs.schedule(PRUNE_SESSIONS, '0 * * * *');

  jobs.define({
    name: RESET_FREE_CREDITS,
    run: async () => {
      const reset = await startFreeMonths(ctx);
      if (reset) log.info('started the new month of Free plan credits', { contractors: reset });
    },
  });
  // Credit months are calendar months in UTC (docs/decisions/0006-plans-and-credits.md); one run for
  // every county, as a contractor's plan is one wherever it is listed (docs/decisions/0106-county-emails-and-jobs.md).
  jobs.schedule(RESET_FREE_CREDITS, '5 0 1 * *', 'UTC');

  // Yesterday's visitor hashes go as the site's day ends, also when nobody views a profile (docs/decisions/0059-profile-visitor-privacy.md).
  jobs.define({
    name: PRUNE_PROFILE_VISITORS,
    run: () => pruneProfileVisitors(ctx, today(ctx.clock)),
  });
  jobs.schedule(PRUNE_PROFILE_VISITORS, '1 0 * * *');

  // Homeowners' contact details go LEAD_RETENTION_DAYS after their lead closed, at a quiet hour (docs/decisions/0114-homeowner-privacy.md).
  jobs.define({
    name: ERASE_CLOSED_LEADS,
    run: async () => {
      const erased = await eraseExpiredLeads(ctx);
      if (erased) log.info("erased closed leads' contact details", { leads: erased });
    },
  });
  jobs.schedule(ERASE_CLOSED_LEADS, '0 3 * * *');

  // Reset and email-change links that can no longer be used (docs/decisions/0114-homeowner-privacy.md).
  jobs.define({
    name: PRUNE_ACCOUNT_TOKENS,
    run: async () => {
      const pruned = await pruneAccountTokens(ctx);
      if (pruned) log.info('pruned account links', { pruned });
    },
  });
  jobs.schedule(PRUNE_ACCOUNT_TOKENS, '30 3 * * *');

  jobs.define({
    name: ADMIN_DIGEST,
    run: async () => {
      await sendAdminDigest(ctx);
    },
  });
  if (ctx.env.ADMIN_DIGEST) jobs.schedule(ADMIN_DIGEST, '0 7 * * *');

  // Lapsed credentials recorded and their badges dropped as the site's day turns, then the expiry reminders (docs/decisions/0033-credential-expiry.md).
  jobs.define({
    name: CREDENTIALS_DAILY,
    run: async () => {
      const done = await runCredentialsDaily(ctx);
      if (done.lapsed || done.badgesDropped || done.contractorReminders || done.adminItems)
        log.info('checked credentials', { ...done });
    },
  });
  jobs.schedule(CREDENTIALS_DAILY, '0 0 * * *');
}
