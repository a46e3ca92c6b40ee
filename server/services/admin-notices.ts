import type { AppContext } from '../context';
import type { EmailKind } from '../integrations/email';

/** The administrator's address for notices; without ADMIN_EMAIL they land in the outbox under this name. */
export const adminAddress = (ctx: AppContext) => ctx.env.ADMIN_EMAIL ?? 'admin@outbox.local';

/**
 * Tells the administrator about something that needs them (new submission, new lead). The
 * thing itself is already stored and listed in the admin area, so a lost notice is logged, not
 * turned into an error for the visitor.
 */
export async function notifyAdmin(ctx: AppContext, message: { kind: EmailKind; subject: string; text: string }): Promise<void> {
  try {
    await ctx.mail.send({ ...message, subject: message.subject.replace(/\s+/g, ' '), to: adminAddress(ctx) });
  } catch (err) {
    ctx.log.error('admin notice failed', { kind: message.kind, error: err instanceof Error ? err.message : String(err) });
  }
}
