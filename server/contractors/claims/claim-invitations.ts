import { count, eq, sql } from 'drizzle-orm';
import { toE164 } from '@shared/phone-numbers';
import type { AppContext, DbCtx } from '../../context';
import { claimInvitations, contractors, doNotContact, regions } from '../../db/schema';
import { hashAccountToken, newToken } from '../../accounts/account-tokens';
import { countySiteWords } from '../../counties/counties';
import { queueEmail } from '../../notifications/email-delivery';
import { queueText } from '../../notifications/text-delivery';

/**
 * Inviting an unclaimed business to claim its listing (docs/decisions/0132-claim-invitations.md):
 * at most one invitation and two reminders by email per business, ever, each with a one-click
 * opt-out that puts the address on the do-not-contact list for good, and the operator's postal
 * address. Texts honour STOP as every text does.
 */
export const MAX_INVITATION_EMAILS = 3;

export const claimLink = (siteUrl: string, contractorId: number) => `${siteUrl}/claim/${contractorId}`;
export const optOutLink = (siteUrl: string, token: string) =>
  `${siteUrl}/api/claims/opt-out/${encodeURIComponent(token)}`;

async function doesNotWantMail(ctx: DbCtx, email: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: doNotContact.id })
    .from(doNotContact)
    .where(sql`lower(${doNotContact.email}) = ${email.trim().toLowerCase()}`);
  return row !== undefined;
}

/**
 * A homeowner asked an unclaimed business for a quote (its lead is held): the business hears of it
 * by text and email, where the listing has them, with the link to claim the listing and see the
 * request. Written in the routing's transaction.
 */
export async function inviteForRequest(
  tx: AppContext,
  contractorId: number,
  lead: { id: number; regionId: number; serviceNeeded: string; location: string },
): Promise<void> {
  const [listing] = await tx.db
    .select({ name: contractors.name, email: contractors.email, phone: contractors.phone })
    .from(contractors)
    .where(eq(contractors.id, contractorId));
  if (!listing) return;
  const site = await countySiteWords(tx, { id: lead.regionId });
  const link = claimLink(site.siteUrl, contractorId);
  const [county] = await tx.db
    .select({ hours: regions.releaseAfterHours })
    .from(regions)
    .where(eq(regions.id, lead.regionId));
  const hours = county?.hours ?? 48;
  if (toE164(listing.phone))
    await queueText(tx, {
      regionId: lead.regionId,
      kind: 'claim-invitation',
      to: listing.phone,
      body: `${site.siteTitle}: a homeowner asked ${listing.name} for a quote (${lead.serviceNeeded}, ${lead.location}). Claim your free listing within ${hours} hours to see it: ${link} Reply STOP to stop texts.`,
    });
  const email = listing.email.trim();
  if (!email || (await doesNotWantMail(tx, email))) return;
  const [{ n: sent } = { n: 0 }] = await tx.db
    .select({ n: count() })
    .from(claimInvitations)
    .where(eq(claimInvitations.contractorId, contractorId));
  if (sent >= MAX_INVITATION_EMAILS) return;
  const token = newToken();
  await tx.db.insert(claimInvitations).values({
    contractorId,
    round: sent,
    email,
    leadId: lead.id,
    optOutTokenHash: hashAccountToken(token),
    sentAt: tx.clock.now(),
  });
  await queueEmail(tx, {
    regionId: lead.regionId,
    kind: 'claim-invitation',
    to: email,
    subject: `A homeowner asked ${listing.name} for a quote`,
    text: [
      `A homeowner in ${lead.location} asked ${listing.name} for a quote for ${lead.serviceNeeded} on ${site.siteTitle}.`,
      '',
      `${listing.name} is listed there from public records. Claim your free listing to see the request and answer it:`,
      link,
      '',
      `If the listing is not claimed within ${hours} hours, the homeowner will be offered other contractors.`,
      '',
      '--',
      `Do not want these emails? One click and we will never write again: ${optOutLink(site.siteUrl, token)}`,
      tx.env.OPERATOR_POSTAL_ADDRESS ?? site.siteTitle,
    ].join('\n'),
  });
}

/** The one-click opt-out: the invitation's address goes on the do-not-contact list for good. False for an unknown link. */
export async function optOut(ctx: DbCtx, token: string): Promise<boolean> {
  const [invitation] = await ctx.db
    .select({ email: claimInvitations.email })
    .from(claimInvitations)
    .where(eq(claimInvitations.optOutTokenHash, hashAccountToken(token)));
  if (!invitation) return false;
  await ctx.db.insert(doNotContact).values({ email: invitation.email.toLowerCase() }).onConflictDoNothing();
  return true;
}
