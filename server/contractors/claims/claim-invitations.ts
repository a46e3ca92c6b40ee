import { and, count, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { toE164 } from '@shared/phone-numbers';
import { inTransaction, type AppContext, type DbCtx } from '../../context';
import { claimInvitations, contractorImports, contractors, doNotContact, regions } from '../../db/schema';
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
  ctx: AppContext,
  contractorId: number,
  lead: { id: number; regionId: number; serviceNeeded: string; location: string },
): Promise<void> {
  const [listing] = await ctx.db
    .select({ name: contractors.name, email: contractors.email, phone: contractors.phone })
    .from(contractors)
    .where(eq(contractors.id, contractorId));
  if (!listing) return;
  const site = await countySiteWords(ctx, { id: lead.regionId });
  const link = claimLink(site.siteUrl, contractorId);
  const [county] = await ctx.db
    .select({ hours: regions.releaseAfterHours })
    .from(regions)
    .where(eq(regions.id, lead.regionId));
  const hours = county?.hours ?? 48;
  if (toE164(listing.phone))
    await queueText(ctx, {
      regionId: lead.regionId,
      kind: 'claim-invitation',
      to: listing.phone,
      body: `${site.siteTitle}: a homeowner asked ${listing.name} for a quote (${lead.serviceNeeded}, ${lead.location}). Claim your free listing within ${hours} hours to see it: ${link} Reply STOP to stop texts.`,
    });
  await sendInvitationEmail(ctx, { id: contractorId, ...listing }, lead.regionId, lead.id, {
    subject: `A homeowner asked ${listing.name} for a quote`,
    lines: [
      `A homeowner in ${lead.location} asked ${listing.name} for a quote for ${lead.serviceNeeded} on ${site.siteTitle}.`,
      '',
      `${listing.name} is listed there from public records. Claim your free listing to see the request and answer it:`,
      link,
      '',
      `If the listing is not claimed within ${hours} hours, the homeowner will be offered other contractors.`,
    ],
  });
}

/**
 * The next invitation email of a business, when it may have one: an address that did not opt out,
 * fewer than MAX_INVITATION_EMAILS so far. Returns whether it was queued. Written through tx.db.
 */
async function sendInvitationEmail(
  tx: AppContext,
  listing: { id: number; email: string },
  regionId: number,
  leadId: number | null,
  message: { subject: string; lines: string[] },
): Promise<boolean> {
  const email = listing.email.trim();
  if (!email || (await doesNotWantMail(tx, email))) return false;
  const [{ n: sent } = { n: 0 }] = await tx.db
    .select({ n: count() })
    .from(claimInvitations)
    .where(eq(claimInvitations.contractorId, listing.id));
  if (sent >= MAX_INVITATION_EMAILS) return false;
  const token = newToken();
  await tx.db.insert(claimInvitations).values({
    contractorId: listing.id,
    round: sent,
    email,
    leadId,
    optOutTokenHash: hashAccountToken(token),
    sentAt: tx.clock.now(),
  });
  const site = await countySiteWords(tx, { id: regionId });
  await queueEmail(tx, {
    regionId,
    kind: 'claim-invitation',
    to: email,
    subject: message.subject,
    text: [
      ...message.lines,
      '',
      '--',
      `Do not want these emails? One click and we will never write again: ${optOutLink(site.siteUrl, token)}`,
      tx.env.OPERATOR_POSTAL_ADDRESS ?? site.siteTitle,
    ].join('\n'),
  });
  return true;
}

/** The invitation job, queued by an administrator for each business of an import. */
export const SEND_CLAIM_INVITATION = 'send-claim-invitation';
export interface ClaimInvitationJob {
  contractorId: number;
  regionId: number;
}
/** Seconds between two invitations of one batch: sent slowly, as a person would, not as a blast. */
export const INVITATION_SPACING_SECONDS = 30;
/** A business gets its next round no sooner than this after the last. */
export const REMINDER_AFTER_DAYS = 7;

/** One invitation (or reminder) to claim a listing still unclaimed; nothing when it was claimed meanwhile or may not be written to. */
export async function sendClaimInvitation(ctx: AppContext, job: ClaimInvitationJob): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const [listing] = await tx.db
      .select({ id: contractors.id, name: contractors.name, email: contractors.email })
      .from(contractors)
      .where(and(eq(contractors.id, job.contractorId), isNull(contractors.claimedAt), isNotNull(contractors.importId)))
      .for('update');
    if (!listing) return;
    const [last] = await tx.db
      .select({ round: claimInvitations.round, sentAt: claimInvitations.sentAt })
      .from(claimInvitations)
      .where(eq(claimInvitations.contractorId, listing.id))
      .orderBy(desc(claimInvitations.round))
      .limit(1);
    const since = tx.clock.now().getTime() - REMINDER_AFTER_DAYS * 86_400_000;
    if (last?.sentAt && last.sentAt.getTime() > since) return;
    const site = await countySiteWords(tx, { id: job.regionId });
    const reminder = last !== undefined;
    await sendInvitationEmail(tx, listing, job.regionId, null, {
      subject: reminder
        ? `Reminder: claim ${listing.name} on ${site.siteTitle}`
        : `Claim ${listing.name} on ${site.siteTitle}`,
      lines: [
        `${listing.name} is listed on ${site.siteTitle}, the directory of building contractors of ${site.displayName}, from public records.`,
        '',
        'Claim your free listing to add your description, photos and hours, and to receive quote requests from homeowners:',
        claimLink(site.siteUrl, listing.id),
        '',
        'Claiming is free. Nothing is charged unless you choose to take a paid lead.',
      ],
    });
  });
}

/**
 * An administrator invites the unclaimed businesses of an import: one job per business with an
 * address, spaced INVITATION_SPACING_SECONDS apart. Answers how many were queued.
 */
export async function inviteImport(ctx: AppContext, importId: number): Promise<{ queued: number }> {
  const rows = await ctx.db
    .select({ id: contractors.id, regionId: contractorImports.regionId })
    .from(contractors)
    .innerJoin(contractorImports, eq(contractorImports.id, contractors.importId))
    .where(
      and(
        eq(contractors.importId, importId),
        isNull(contractors.claimedAt),
        eq(contractors.approvalStatus, 'approved'),
        ne(contractors.email, ''),
        sql`not exists (select 1 from ${doNotContact} where lower(${doNotContact.email}) = lower(${contractors.email}))`,
        sql`(select count(*) from ${claimInvitations} where ${claimInvitations.contractorId} = ${contractors.id}) < ${MAX_INVITATION_EMAILS}`,
      ),
    );
  await inTransaction(ctx, async (tx) => {
    for (const [i, row] of rows.entries())
      await tx.jobs.send(
        SEND_CLAIM_INVITATION,
        { contractorId: row.id, regionId: row.regionId } satisfies ClaimInvitationJob,
        tx.db,
        { delaySeconds: i * INVITATION_SPACING_SECONDS },
      );
  });
  return { queued: rows.length };
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
