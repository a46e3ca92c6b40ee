import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { sqlNow } from '../clock';
import { inTransaction, type AppContext, type ServiceCtx } from '../context';
import { newsletterSubscribers } from '../db/schema';
import { conflict, notFound } from '../domain/errors';
import { queueEmail } from '../notifications/email-delivery';
import { countySiteWords } from '../counties/counties';
import { countyIdOfSlug } from '../counties/county-id';

const newToken = () => randomBytes(24).toString('base64url');
const sameEmail = (email: string) => sql`lower(${newsletterSubscribers.email}) = lower(${email})`;

/**
 * Subscribes an address to the newsletter of the county whose site it was sent on
 * (docs/decisions/0104-county-content.md; case-insensitively unique per county). An address that unsubscribed earlier is
 * subscribed again with a fresh link; an active one is a conflict the form reports as such. The
 * welcome email commits with the subscription (docs/decisions/0087-transactional-outbox.md) and is
 * that county's outbox.
 */
export async function subscribe(ctx: AppContext, email: string, county: string): Promise<void> {
  const token = newToken();
  await inTransaction(ctx, async (tx) => {
    // Insert-or-nothing then update, so two requests for one address cannot both succeed.
    const [created] = await tx.db
      .insert(newsletterSubscribers)
      .values({ email, unsubscribeToken: token, regionId: countyIdOfSlug(county) })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    if (!created) {
      const [reactivated] = await tx.db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: null, unsubscribeToken: token })
        .where(
          and(
            sameEmail(email),
            eq(newsletterSubscribers.regionId, countyIdOfSlug(county)),
            isNotNull(newsletterSubscribers.unsubscribedAt),
          ),
        )
        .returning({ id: newsletterSubscribers.id });
      if (!reactivated) throw conflict('This email is already subscribed to our newsletter');
    }
    // Worded for, and linking to, the county's own site.
    const site = await countySiteWords(tx, { slug: county });
    await queueEmail(tx, {
      kind: 'newsletter-welcome',
      regionId: countyIdOfSlug(county),
      to: email,
      subject: `Welcome to the ${site.siteTitle} newsletter`,
      text: [
        `Thank you for subscribing to the ${site.siteTitle} monthly newsletter.`,
        '',
        `Once a month we send home improvement tips, seasonal advice and news about trusted contractors in ${site.displayName}.`,
        '',
        `To stop receiving it, open this link: ${site.siteUrl}/newsletter/unsubscribe?token=${token}`,
      ].join('\n'),
    });
  });
}

/** Idempotent: opening the link twice still answers success. */
export async function unsubscribe(ctx: ServiceCtx, token: string): Promise<void> {
  const [row] = await ctx.db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${sqlNow(ctx.clock)})` })
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .returning({ id: newsletterSubscribers.id });
  if (!row) throw notFound('This unsubscribe link is not valid');
}
