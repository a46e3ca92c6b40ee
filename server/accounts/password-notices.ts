import type { AppContext } from '../context';
import { queueEmail, type OutboxCtx } from '../notifications/email-delivery';

/**
 * The email telling an account's owner that its password changed (docs/decisions/0114-homeowner-privacy.md):
 * queued in the transaction of the change, so someone who took an open session or a reset link
 * cannot change it unnoticed. The platform's mail (no county), like the account emails.
 */
export async function sendPasswordChanged(ctx: OutboxCtx & Pick<AppContext, 'siteUrl'>, to: string, who: { name: string; how: 'changed' | 'reset' | 'reset-by-admin' }): Promise<void> {
  const how = {
    changed: 'was changed from your account settings',
    reset: 'was reset with the link from our "Forgot your password?" email',
    'reset-by-admin': 'was reset by a platform administrator',
  }[who.how];
  await queueEmail(ctx, {
    kind: 'password-changed',
    to,
    subject: 'Your password was changed',
    text: [
      `Hello ${who.name},`,
      '',
      `The password of your account ${how}, and every other device signed in to it has been signed out.`,
      '',
      `If this was not you, reset your password now and tell us: ${ctx.siteUrl}`,
    ].join('\n'),
  });
}
