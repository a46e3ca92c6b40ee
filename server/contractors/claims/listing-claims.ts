import { createHash, randomInt } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { maskEmail, maskPhone } from '@shared/masking';
import { toE164 } from '@shared/phone-numbers';
import {
  CLAIM_CODE_LENGTH,
  type ClaimCodeChannel,
  type ClaimTarget,
  type ClaimVerified,
  type ClaimVerify,
} from '@shared/schemas/listing-claims';
import { formatLocation } from '@shared/taxonomy';
import { inTransaction, type AppContext } from '../../context';
import { contractorAccounts, contractors, listingClaims } from '../../db/schema';
import { conflict, invalid, notFound, rateLimited } from '../../domain/errors';
import { isListed } from '../../directory/cards';
import { servesCounty } from '../../directory/county';
import { countySiteWords } from '../../counties/counties';
import { queueEmail } from '../../notifications/email-delivery';
import { queueText } from '../../notifications/text-delivery';
import { createSetupCode } from '../contractor-accounts';
import { lockContractor } from '../contractor-lock';

/**
 * Claiming an unclaimed listing by a code (docs/decisions/0131-listing-claims.md): the code goes
 * to the phone or email the listing already has, never to one the claimant types; the page sees
 * them masked only. One open claim per listing; its codes expire, are counted and limited.
 */

export const CODE_TTL_MS = 15 * 60_000;
/** Codes one claim may send, and wrong codes it may take, before it closes. */
export const MAX_CODES = 3;
export const MAX_WRONG = 5;
/** An open claim closes after a day: a new one may start. */
const CLAIM_OPEN_MS = 24 * 60 * 60_000;

const NOT_CLAIMABLE = 'This listing cannot be claimed';
const unclaimedListing = sql`${contractors.importId} is not null and ${contractors.claimedAt} is null`;

const hashCode = (claimId: number, code: string) =>
  createHash('sha256').update(`${claimId}:${code.trim()}`).digest('hex');

/** The listing's channels a code can go to. */
function channelsOf(listing: { phone: string; email: string }) {
  const out: ClaimTarget['channels'] = [];
  const masked = maskPhone(listing.phone);
  if (masked && toE164(listing.phone)) out.push({ channel: 'phone', masked });
  const email = listing.email ? maskEmail(listing.email) : null;
  if (email) out.push({ channel: 'email', masked: email });
  return out;
}

async function listingOf(ctx: AppContext, id: number, county: string) {
  const [row] = await ctx.db
    .select({
      id: contractors.id,
      name: contractors.name,
      city: contractors.city,
      state: contractors.state,
      phone: contractors.phone,
      email: contractors.email,
    })
    .from(contractors)
    .where(and(eq(contractors.id, id), isListed, unclaimedListing, servesCounty(county)));
  return row;
}

/** Whether the listing is an unclaimed one this county's site lists. */
export async function claimableListing(ctx: AppContext, id: number, county: string): Promise<boolean> {
  return (await listingOf(ctx, id, county)) !== undefined;
}

/** An unclaimed listing of this county's site, as its claim page shows it; 'not found' for any other. */
export async function claimTarget(ctx: AppContext, id: number, county: string): Promise<ClaimTarget> {
  const listing = await listingOf(ctx, id, county);
  if (!listing) throw notFound(NOT_CLAIMABLE);
  return {
    id: listing.id,
    name: listing.name,
    location: formatLocation(listing.city, listing.state),
    channels: channelsOf(listing),
  };
}

/** The listing's open claim, a new one when there is none (or the last one is past its day). Locks the listing. */
async function openClaim(tx: AppContext, contractorId: number, channel: ClaimCodeChannel) {
  await lockContractor(tx, contractorId);
  const now = tx.clock.now();
  await tx.db
    .update(listingClaims)
    .set({ status: 'expired', codeHash: null })
    .where(
      and(
        eq(listingClaims.contractorId, contractorId),
        eq(listingClaims.status, 'open'),
        lt(listingClaims.createdAt, new Date(now.getTime() - CLAIM_OPEN_MS)),
      ),
    );
  const [open] = await tx.db
    .select()
    .from(listingClaims)
    .where(and(eq(listingClaims.contractorId, contractorId), eq(listingClaims.status, 'open')));
  if (open) {
    if (open.channel === 'document') throw conflict('A claim of this listing is waiting for an administrator');
    return open;
  }
  const [created] = await tx.db.insert(listingClaims).values({ contractorId, channel, createdAt: now }).returning();
  return created!;
}

/** Sends a new code to the listing's own phone or email; the claim's earlier code stops working. */
export async function sendClaimCode(
  ctx: AppContext,
  id: number,
  county: string,
  channel: ClaimCodeChannel,
): Promise<{ masked: string }> {
  const listing = await listingOf(ctx, id, county);
  if (!listing) throw notFound(NOT_CLAIMABLE);
  const target = channelsOf(listing).find((c) => c.channel === channel);
  if (!target)
    throw invalid(`This listing has no ${channel === 'phone' ? 'phone number a text can reach' : 'email address'}`);
  const site = await countySiteWords(ctx, { slug: county });
  await inTransaction(ctx, async (tx) => {
    const claim = await openClaim(tx, id, channel);
    if (claim.codesSent >= MAX_CODES)
      throw rateLimited(
        'Too many codes were sent for this listing today. Try again tomorrow.',
        Math.ceil((claim.createdAt.getTime() + CLAIM_OPEN_MS - tx.clock.now().getTime()) / 1000),
      );
    const code = String(randomInt(10 ** CLAIM_CODE_LENGTH)).padStart(CLAIM_CODE_LENGTH, '0');
    await tx.db
      .update(listingClaims)
      .set({
        channel,
        codeHash: hashCode(claim.id, code),
        codeExpiresAt: new Date(tx.clock.now().getTime() + CODE_TTL_MS),
        codesSent: claim.codesSent + 1,
      })
      .where(eq(listingClaims.id, claim.id));
    const words = `Your code to claim ${listing.name} on ${site.siteTitle}: ${code}. It works for 15 minutes. If you did not ask for it, ignore this message.`;
    if (channel === 'phone') await queueText(tx, { kind: 'claim-code', to: listing.phone, body: words });
    else
      await queueEmail(tx, {
        kind: 'listing-claim-code',
        to: listing.email,
        subject: `Your code to claim ${listing.name}`,
        text: words,
      });
  });
  return { masked: target.masked };
}

/**
 * Checks the code; a right one claims the listing: its account is made (with the listing's email
 * for an email claim, the claimant's for a phone claim) and a first-time setup code handed back,
 * with which the claimant chooses a password. Held requests then reach the new owner (`onClaimed`).
 */
export async function verifyClaim(
  ctx: AppContext,
  id: number,
  county: string,
  input: ClaimVerify,
): Promise<ClaimVerified> {
  const listing = await listingOf(ctx, id, county);
  if (!listing) throw notFound(NOT_CLAIMABLE);
  const outcome = await inTransaction(ctx, async (tx) => {
    const [claim] = await tx.db
      .select()
      .from(listingClaims)
      .where(and(eq(listingClaims.contractorId, id), eq(listingClaims.status, 'open')))
      .for('update');
    const now = tx.clock.now();
    if (!claim?.codeHash || !claim.codeExpiresAt || claim.codeExpiresAt <= now)
      return { wrong: 'The code has expired. Ask for a new one.' };
    if (hashCode(claim.id, input.code) !== claim.codeHash) {
      const failed = claim.failedAttempts + 1;
      await tx.db
        .update(listingClaims)
        .set(
          failed >= MAX_WRONG
            ? { failedAttempts: failed, status: 'expired', codeHash: null }
            : { failedAttempts: failed },
        )
        .where(eq(listingClaims.id, claim.id));
      return {
        wrong:
          failed >= MAX_WRONG
            ? 'Too many wrong codes: this claim is closed. Ask for a new code tomorrow.'
            : 'That code is not right.',
      };
    }
    const email = (claim.channel === 'email' ? listing.email : input.email)?.trim().toLowerCase();
    if (!email) throw invalid('Enter the email address for your portal account', { email: 'Enter your email address' });
    const [taken] = await tx.db
      .select({ id: contractorAccounts.id })
      .from(contractorAccounts)
      .where(sql`lower(${contractorAccounts.email}) = ${email}`);
    if (taken) throw conflict('Another contractor account already uses that email address');
    await tx.db
      .update(listingClaims)
      .set({ status: 'verified', codeHash: null, accountEmail: email, decidedAt: now })
      .where(eq(listingClaims.id, claim.id));
    await tx.db
      .update(contractors)
      .set({ claimedAt: now, email: listing.email || email })
      .where(eq(contractors.id, id));
    const [account] = await tx.db.insert(contractorAccounts).values({ contractorId: id, email }).returning();
    const setup = await createSetupCode(tx, account!);
    return { verified: { email, setupCode: setup.code } };
  });
  // A wrong code's count is kept: it is written, and then the answer refuses.
  if ('wrong' in outcome) throw invalid(outcome.wrong!, { code: outcome.wrong! });
  return outcome.verified;
}
