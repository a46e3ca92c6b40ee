import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext, DbCtx } from '../context';
import { outboxEmails, regions } from '../db/schema';
import type { EmailKind, EmailMessage, Sender } from '../integrations/email';

/**
 * Email as a transactional outbox (docs/decisions/0009-email.md,
 * docs/decisions/0087-transactional-outbox.md): a message is a row written in the transaction of
 * the change that causes it, and with SMTP a send-email job queued in the same transaction delivers
 * it later, retrying with backoff. A committed change always gets its email; a rolled-back one
 * never does.
 */

export const SEND_EMAIL = 'send-email';
/** Where pg-boss moves a send-email job that will not be tried again, whatever ended it. */
export const SEND_EMAIL_GAVE_UP = 'send-email-gave-up';

export interface SendEmailJob {
  outboxId: number;
}

/** What queueing an email needs: ctx.db is the transaction of the change that causes it. */
export type OutboxCtx = Pick<AppContext, 'db' | 'mail' | 'jobs'>;

/** Writes the message through ctx.db (the transaction of the change) and, with SMTP, queues its delivery there too. */
/** regionId: the county the message is about (its lead, review or subscriber); none is the platform's own mail (docs/decisions/0103-county-administrators.md). */
/** Sent before other queued mail. */
const URGENT_KINDS: ReadonlySet<EmailKind> = new Set(['lead-delivered']);

export async function queueEmail(
  ctx: OutboxCtx,
  message: EmailMessage & { regionId?: number | SQL | null },
): Promise<number> {
  const smtp = ctx.mail.transport === 'smtp';
  const [row] = await ctx.db
    .insert(outboxEmails)
    .values({
      regionId: message.regionId ?? null,
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject.replace(/\s+/g, ' '),
      textBody: message.text,
      replyTo: message.replyTo ?? null,
      status: smtp ? 'pending' : 'kept',
    })
    .returning({ id: outboxEmails.id });
  // A contractor's new lead goes before the mail queued beside it: speed decides what a lead is worth (docs/decisions/0117-lead-routing.md).
  if (smtp)
    await ctx.jobs.send(SEND_EMAIL, { outboxId: row!.id } satisfies SendEmailJob, ctx.db, {
      priority: URGENT_KINDS.has(message.kind) ? 10 : 0,
    });
  return row!.id;
}

/**
 * A county's mail comes from its own address (regions.mail_from) when it has one; another county's
 * without one from its site's name at MAIL_FROM's address, so a Wyoming homeowner does not get
 * mail signed by Sullivan's site; the default county's from MAIL_FROM as it stands.
 */
async function countySender(ctx: Pick<AppContext, 'db'>, regionId: number): Promise<Sender | undefined> {
  const [county] = await ctx.db
    .select({ mailFrom: regions.mailFrom, siteTitle: regions.siteTitle, isDefault: regions.isDefault })
    .from(regions)
    .where(eq(regions.id, regionId));
  if (!county) return undefined;
  if (county.mailFrom) return { address: county.mailFrom };
  return county.isDefault ? undefined : { name: county.siteTitle };
}

const LAST_ERROR_LENGTH = 500;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, LAST_ERROR_LENGTH);

/**
 * One delivery attempt (the send-email job). A message already sent or kept is not sent again,
 * so a job repeated after a crash cannot deliver twice what the mail server acknowledged and
 * the outbox recorded. The attempt is counted before the send, so one cut short by a crash
 * still shows. Rejects when the attempt failed, for the queue to retry.
 */
export async function deliverQueuedEmail(
  ctx: Pick<AppContext, 'db' | 'mail' | 'clock'>,
  outboxId: number,
  attempt: { lastAttempt: boolean; signal?: AbortSignal },
): Promise<void> {
  if (ctx.mail.transport === 'outbox') {
    // SMTP_URL was removed since the message was queued: it stays here for the admin to read.
    await ctx.db
      .update(outboxEmails)
      .set({ status: 'kept', lastError: null })
      .where(and(eq(outboxEmails.id, outboxId), eq(outboxEmails.status, 'pending')));
    return;
  }
  const [row] = await ctx.db
    .update(outboxEmails)
    .set({ attempts: sql`${outboxEmails.attempts} + 1` })
    .where(and(eq(outboxEmails.id, outboxId), eq(outboxEmails.status, 'pending')))
    .returning();
  if (!row) return;
  try {
    const sender = row.regionId === null ? undefined : await countySender(ctx, row.regionId);
    await ctx.mail.deliver(
      {
        kind: row.kind as EmailMessage['kind'],
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        replyTo: row.replyTo,
        sender,
      },
      attempt.signal,
    );
  } catch (err) {
    await ctx.db
      .update(outboxEmails)
      .set({ lastError: errorText(err), status: attempt.lastAttempt ? 'failed' : 'pending' })
      .where(eq(outboxEmails.id, outboxId));
    throw err;
  }
  await ctx.db
    .update(outboxEmails)
    .set({ status: 'sent', sentAt: ctx.clock.now(), lastError: null })
    .where(eq(outboxEmails.id, outboxId));
}

/** A send-email job that ended without its own verdict (it expired, or its process died on the last attempt). */
export async function giveUpEmail(ctx: DbCtx, outboxId: number): Promise<void> {
  await ctx.db
    .update(outboxEmails)
    .set({ status: 'failed', lastError: sql`coalesce(${outboxEmails.lastError}, 'The last attempt did not finish')` })
    .where(and(eq(outboxEmails.id, outboxId), eq(outboxEmails.status, 'pending')));
}
