import { count, desc, eq } from 'drizzle-orm';
import type { OutboxMessage, Paged } from '@shared/schemas/admin';
import type { Db } from '../db/client';
import { outboxEmails } from '../db/schema';
import { notFound } from '../http/errors';

type OutboxRow = typeof outboxEmails.$inferSelect;

const toMessage = (r: OutboxRow): OutboxMessage => ({ id: r.id, kind: r.kind, to: r.toAddress, subject: r.subject, text: r.textBody, createdAt: r.createdAt.toISOString() });

/** Mail kept when no SMTP server is configured (docs/decisions.md §1.8), newest first. */
export async function listOutbox(db: Db, { page, pageSize }: { page: number; pageSize: number }): Promise<Paged<OutboxMessage>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboxEmails)
      // The id breaks ties between messages written in the same transaction.
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(outboxEmails),
  ]);
  return { items: rows.map(toMessage), total: total?.n ?? 0, page, pageSize };
}

export async function getOutboxMessage(db: Db, id: number): Promise<OutboxMessage> {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  if (!row) throw notFound('Message not found');
  return toMessage(row);
}
