import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { region } from '@shared/region';
import { inTransaction, type AppContext, type DbCtx } from '../context';
import { newsletterSubscribers, regions } from '../db/schema';
import { conflict, notFound } from '../domain/errors';
import { queueEmail } from './email-delivery';

const newToken = () => randomBytes(24).toString('base64url');
const sameEmail = (email: string) => sql`lower(${newsletterSubscribers.email}) = lower(${email})`;

/**
 * Subscribes an address (case-insensitively unique). An address that unsubscribed earlier is
 * subscribed again with a fresh link; an active one is a conflict the form reports as such. The
 * welcome email commits with the subscription (docs/decisions/0087-transactional-outbox.md).
 */
/** `county`: the slug of the county whose site the address was given on; its welcome email is that county's outbox. */
export async function subscribe(ctx: AppContext, email: string, county: string): Promise<void> {
  const token = newToken();
  await inTransaction(ctx, async (tx) => {
    // Insert-or-nothing then update, so two requests for one address cannot both succeed.
    const [created] = await tx.db.insert(newsletterSubscribers).values({ email, unsubscribeToken: token }).onConflictDoNothing().returning({ id: newsletterSubscribers.id });
    if (!created) {
      const [reactivated] = await tx.db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: null, unsubscribeToken: token })
        .where(and(sameEmail(email), isNotNull(newsletterSubscribers.unsubscribedAt)))
        .returning({ id: newsletterSubscribers.id });
      if (!reactivated) throw conflict('This email is already subscribed to our newsletter');
    }
    await queueEmail(tx, {
      kind: 'newsletter-welcome',
      regionId: sql`(select ${regions.id} from ${regions} where ${regions.slug} = ${county})`,
      to: email,
      subject: `Welcome to the ${region.siteTitle} newsletter`,
      text: [
        `Thank you for subscribing to the ${region.siteTitle} monthly newsletter.`,
        '',
        `Once a month we send home improvement tips, seasonal advice and news about trusted contractors in ${region.displayName}.`,
        '',
        `To stop receiving it, open this link: ${ctx.siteUrl}/newsletter/unsubscribe?token=${token}`,
      ].join('\n'),
    });
  });
}

/** Idempotent: opening the link twice still answers success. */
export async function unsubscribe(ctx: DbCtx, token: string): Promise<void> {
  const [row] = await ctx.db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())` })
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .returning({ id: newsletterSubscribers.id });
  if (!row) throw notFound('This unsubscribe link is not valid');
}
