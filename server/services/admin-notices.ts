import type { AppContext } from '../context';
import type { EmailKind } from '../integrations/email';
import { queueEmail, type OutboxCtx } from './email-delivery';

/** The administrator's address for notices; without ADMIN_EMAIL they land in the outbox under this name. */
export const adminAddress = (ctx: Pick<AppContext, 'env'>) => ctx.env.ADMIN_EMAIL ?? 'admin@outbox.local';

/**
 * Tells the administrator about something that needs them (new submission, new lead), queued in
 * the transaction that stores the thing itself (ctx.db; docs/decisions/0087-transactional-outbox.md).
 */
export async function notifyAdmin(ctx: OutboxCtx & Pick<AppContext, 'env'>, message: { kind: EmailKind; subject: string; text: string; regionId?: number | null }): Promise<void> {
  await queueEmail(ctx, { ...message, to: adminAddress(ctx) });
}
