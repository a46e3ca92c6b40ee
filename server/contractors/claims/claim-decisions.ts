import { and, desc, eq, sql } from 'drizzle-orm';
import type { AdminListingClaim } from '@shared/schemas/listing-claims';
import { inTransaction, type AppContext } from '../../context';
import { contractorAccounts, contractors, listingClaims } from '../../db/schema';
import type { AdminActor, AdminScope } from '../../domain/actors';
import { conflict, invalid, notFound } from '../../domain/errors';
import { contractorInScope } from '../../counties/admin-scope';
import { endContractorSessions } from '../../accounts/sessions';
import { createSetupCode, sendSetupCode } from '../contractor-accounts';
import { storeCertificate, type Upload } from '../insurance-certificates';
import { claimableListing } from './listing-claims';
import { lockContractor } from '../contractor-lock';

/**
 * What administrators see and decide of listing claims (docs/decisions/0131-listing-claims.md):
 * every claim of their counties' listings with its channel and outcome (the listing's claim
 * history), a document claim approved or rejected, a verified claim undone.
 */

const SHOWN = 200;

export async function listListingClaims(ctx: AppContext, scope: AdminScope): Promise<AdminListingClaim[]> {
  const rows = await ctx.db
    .select({
      id: listingClaims.id,
      contractorId: listingClaims.contractorId,
      businessName: contractors.name,
      channel: listingClaims.channel,
      status: listingClaims.status,
      accountEmail: listingClaims.accountEmail,
      claimantName: listingClaims.claimantName,
      codesSent: listingClaims.codesSent,
      failedAttempts: listingClaims.failedAttempts,
      note: listingClaims.note,
      decidedBy: listingClaims.decidedBy,
      decidedAt: listingClaims.decidedAt,
      createdAt: listingClaims.createdAt,
    })
    .from(listingClaims)
    .innerJoin(contractors, eq(contractors.id, listingClaims.contractorId))
    .where(contractorInScope(scope, listingClaims.contractorId))
    .orderBy(desc(listingClaims.createdAt), desc(listingClaims.id))
    .limit(SHOWN);
  return rows.map((r) => ({
    ...r,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * A claim by document (the listing has no phone or email, or the claimant cannot reach them): the
 * file is kept as the listing's certificate, for an administrator to decide; the account's address
 * is the claimant's.
 */
export async function submitDocumentClaim(
  ctx: AppContext,
  id: number,
  county: string,
  input: { email: string; name: string; upload: Upload },
): Promise<void> {
  if (!(await claimableListing(ctx, id, county))) throw notFound('This listing cannot be claimed');
  await storeCertificate(ctx, id, input.upload, { kind: 'applicant' });
  await inTransaction(ctx, async (tx) => {
    await lockContractor(tx, id);
    const [open] = await tx.db
      .select({ id: listingClaims.id })
      .from(listingClaims)
      .where(and(eq(listingClaims.contractorId, id), eq(listingClaims.status, 'open')));
    if (open) throw conflict('A claim of this listing is already open');
    await tx.db.insert(listingClaims).values({
      contractorId: id,
      channel: 'document',
      accountEmail: input.email.toLowerCase(),
      claimantName: input.name,
      createdAt: tx.clock.now(),
    });
  });
}

/** An administrator approves a document claim: the account is made with the claimant's address, and its setup code emailed. */
export async function approveDocumentClaim(ctx: AppContext, claimId: number, actor: AdminActor): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    const claim = await lockedClaim(tx, claimId);
    if (claim.channel !== 'document' || claim.status !== 'open')
      throw conflict('Only an open document claim can be approved');
    const [taken] = await tx.db
      .select({ id: contractorAccounts.id })
      .from(contractorAccounts)
      .where(sql`lower(${contractorAccounts.email}) = ${claim.accountEmail}`);
    if (taken) throw conflict('Another contractor account already uses that email address');
    const now = tx.clock.now();
    await decide(tx, claimId, 'approved', actor);
    await tx.db.update(contractors).set({ claimedAt: now }).where(eq(contractors.id, claim.contractorId));
    const [account] = await tx.db
      .insert(contractorAccounts)
      .values({ contractorId: claim.contractorId, email: claim.accountEmail! })
      .returning();
    await sendSetupCode(tx, await createSetupCode(tx, account!));
    return claim.contractorId;
  });
}

export async function rejectDocumentClaim(ctx: AppContext, claimId: number, note: string, actor: AdminActor) {
  if (!note.trim()) throw invalid('Say why the claim is rejected', { note: 'Say why the claim is rejected' });
  await inTransaction(ctx, async (tx) => {
    const claim = await lockedClaim(tx, claimId);
    if (claim.status !== 'open') throw conflict('Only an open claim can be rejected');
    await decide(tx, claimId, 'rejected', actor, note.trim());
  });
}

/**
 * Undoes a claim that went through (a wrong owner, say): the account it made is removed, its
 * sessions end, and the listing is unclaimed again. The claim stays in the history as undone.
 */
export async function undoClaim(ctx: AppContext, claimId: number, note: string, actor: AdminActor): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const claim = await lockedClaim(tx, claimId);
    if (claim.status !== 'verified' && claim.status !== 'approved')
      throw conflict('Only a claim that went through can be undone');
    await decide(tx, claimId, 'undone', actor, note.trim() || null);
    await endContractorSessions(tx, claim.contractorId);
    await tx.db.delete(contractorAccounts).where(eq(contractorAccounts.contractorId, claim.contractorId));
    await tx.db.update(contractors).set({ claimedAt: null }).where(eq(contractors.id, claim.contractorId));
  });
}

async function lockedClaim(tx: AppContext, claimId: number) {
  const [claim] = await tx.db.select().from(listingClaims).where(eq(listingClaims.id, claimId)).for('update');
  if (!claim) throw notFound('Claim not found');
  // The listing too, so a code claim cannot go through beside the decision.
  await lockContractor(tx, claim.contractorId);
  return claim;
}

function decide(
  tx: AppContext,
  claimId: number,
  status: 'approved' | 'rejected' | 'undone',
  actor: AdminActor,
  note: string | null = null,
) {
  return tx.db
    .update(listingClaims)
    .set({
      status,
      decidedAt: tx.clock.now(),
      decidedByAdminId: actor.adminUserId,
      decidedBy: actor.username,
      ...(note ? { note } : {}),
    })
    .where(eq(listingClaims.id, claimId));
}
