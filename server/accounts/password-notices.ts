import type { AppContext } from '../context';
import type { CountySiteWords } from '../counties/counties';
import { queueEmail, type OutboxCtx } from '../notifications/email-delivery';

/**
 * The email telling an account's owner that its password changed (docs/decisions/0114-homeowner-privacy.md):
 * queued in the transaction of the change, so someone who took an open session or a reset link
 * cannot change it unnoticed. The platform's mail (no county), like the account emails. A
 * contractor's (`site`) links to its sign-in on its home county's site
 * (docs/decisions/0127-contractor-mail-links-home.md); an administrator's to the deployment.
 */
export async function sendPasswordChanged(
  ctx: OutboxCtx & Pick<AppContext, 'siteUrl'>,
  to: string,
  who: { name: string; how: 'changed' | 'reset' | 'reset-by-admin'; site?: CountySiteWords },
): Promise<void> {
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
      `If this was not you, reset your password now and tell us: ${who.site ? `${who.site.siteUrl}/contractor/login` : ctx.siteUrl}`,
    ].join('\n'),
  });
}
