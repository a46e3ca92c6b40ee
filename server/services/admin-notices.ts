import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import type { EmailKind } from '../integrations/email';
import { queueEmail } from './email-delivery';

/** The administrator's address for notices; without ADMIN_EMAIL they land in the outbox under this name. */
export const adminAddress = (ctx: AppContext) => ctx.env.ADMIN_EMAIL ?? 'admin@outbox.local';

/**
 * Tells the administrator about something that needs them (new submission, new lead), queued in
 * the transaction that stores the thing itself (docs/decisions/0087-transactional-outbox.md).
 */
export async function notifyAdmin(ctx: AppContext, tx: Executor, message: { kind: EmailKind; subject: string; text: string }): Promise<void> {
  await queueEmail(ctx, tx, { ...message, to: adminAddress(ctx) });
}
