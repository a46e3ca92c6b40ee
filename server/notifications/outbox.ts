import { and, count, desc, eq } from 'drizzle-orm';
import type { AdminScope } from '../domain/actors';
import { inScope } from '../counties/admin-scope';
import type { OutboxList, OutboxMessage, OutboxStatus } from '@shared/schemas/admin';
import { inTransaction, type AppContext, type DbCtx } from '../context';
import { outboxEmails } from '../db/schema';
import { conflict, notFound } from '../domain/errors';
import { SEND_EMAIL, type SendEmailJob } from './email-delivery';
import { SEND_TEXT, type SendTextJob } from './text-delivery';

type OutboxRow = typeof outboxEmails.$inferSelect;

const toMessage = (r: OutboxRow): OutboxMessage => ({
  id: r.id,
  kind: r.kind,
  channel: r.channel,
  to: r.toAddress,
  subject: r.subject,
  text: r.textBody,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  sentAt: r.sentAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Every email and text the site wrote for the administrator's counties, with where it stands
 * (docs/decisions/0009-email.md, docs/decisions/0118-text-messages.md), newest first; the platform's
 * own mail only with every county in view. In production without Twilio it says texts are not sent.
 */
export async function listOutbox(
  ctx: Pick<AppContext, 'db' | 'env' | 'texts'>,
  scope: AdminScope,
  { page, pageSize, status }: { page: number; pageSize: number; status?: OutboxStatus },
): Promise<OutboxList> {
  const { db } = ctx;
  const where = and(inScope(scope, outboxEmails.regionId), status ? eq(outboxEmails.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboxEmails)
      .where(where)
      // The id breaks ties between messages written in the same transaction.
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(outboxEmails).where(where),
  ]);
  const textsNotSent = ctx.env.NODE_ENV === 'production' && ctx.texts.transport === 'outbox';
  return { items: rows.map(toMessage), total: total?.n ?? 0, page, pageSize, textsNotSent };
}

export async function getOutboxMessage(ctx: DbCtx, id: number): Promise<OutboxMessage> {
  const [row] = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  if (!row) throw notFound('Message not found');
  return toMessage(row);
}

/**
 * The admin sends a failed message again: it is pending once more and gets a new round of
 * attempts. Only a failed one: anything else is sent, kept, or already being tried. The
 * conditional UPDATE lets one of two quick clicks through.
 */
export async function resendOutboxMessage(ctx: Pick<AppContext, 'db' | 'jobs'>, id: number): Promise<OutboxMessage> {
  const row = await inTransaction(ctx, async (tx) => {
    const [updated] = await tx.db
      .update(outboxEmails)
      .set({ status: 'pending', sentAt: null })
      .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, 'failed')))
      .returning();
    if (!updated) {
      const [exists] = await tx.db
        .select({ status: outboxEmails.status })
        .from(outboxEmails)
        .where(eq(outboxEmails.id, id));
      if (!exists) throw notFound('Message not found');
      throw conflict(`Only a message that failed can be sent again; this one is ${exists.status}`);
    }
    // A text goes back to the send-text job (docs/decisions/0118-text-messages.md).
    if (updated.channel === 'text') await tx.jobs.send(SEND_TEXT, { outboxId: id } satisfies SendTextJob, tx.db);
    else await tx.jobs.send(SEND_EMAIL, { outboxId: id } satisfies SendEmailJob, tx.db);
    return updated;
  });
  return toMessage(row);
}
