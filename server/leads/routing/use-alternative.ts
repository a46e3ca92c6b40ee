import { and, eq, type SQL } from 'drizzle-orm';
import { ALTERNATIVE_LINK_INVALID, type AlternativeAnswer } from '@shared/schemas/lead-alternatives';
import type { QuoteRequest } from '@shared/schemas/leads';
import { inTransaction, type AppContext } from '../../context';
import { contractors, leadAlternatives, leads, regions } from '../../db/schema';
import { conflict, notFound } from '../../domain/errors';
import { hashAccountToken } from '../../accounts/account-tokens';
import { regionOf } from '../../counties/region-of';
import { createLead } from '../leads';
import { homeownerRequest } from '../homeowner-request';

/**
 * The homeowner's "Send my request to them" link (docs/decisions/0117-lead-routing.md): single
 * use, expiring, and only for the contractor it names. Used, it makes a lead of its own for that
 * contractor from the released request, routed by the same rules.
 */
async function offerOf(ctx: AppContext, which: SQL | undefined) {
  const [row] = await ctx.db
    .select({
      id: leadAlternatives.id,
      leadId: leadAlternatives.leadId,
      contractorId: leadAlternatives.contractorId,
      expiresAt: leadAlternatives.expiresAt,
      usedAt: leadAlternatives.usedAt,
      contractorName: contractors.name,
      lead: leads,
      county: regions.slug,
    })
    .from(leadAlternatives)
    .innerJoin(leads, eq(leads.id, leadAlternatives.leadId))
    .innerJoin(contractors, eq(contractors.id, leadAlternatives.contractorId))
    .innerJoin(regions, eq(regions.id, leads.regionId))
    .where(which);
  return row ?? null;
}

/** The link, on its own county's site only (another county's site knows no such link), while its request stands. */
async function openOffer(ctx: AppContext, which: SQL | undefined, county: string) {
  const offer = await offerOf(ctx, which);
  if (!offer || offer.county !== county || offer.lead.erasedAt || offer.lead.withdrawnAt)
    throw notFound(ALTERNATIVE_LINK_INVALID);
  return offer;
}

/** What the link's page shows before the homeowner confirms. */
export async function alternativeOffer(ctx: AppContext, token: string, county: string): Promise<AlternativeAnswer> {
  const offer = await openOffer(ctx, byToken(token), county);
  const state = offer.usedAt ? 'used' : offer.expiresAt <= ctx.clock.now() ? 'expired' : 'open';
  return {
    state,
    contractorName: offer.contractorName,
    contractorId: offer.contractorId,
    serviceNeeded: offer.lead.serviceNeeded,
    location: offer.lead.location,
  };
}

const byToken = (token: string) => eq(leadAlternatives.tokenHash, hashAccountToken(token));

/** Sends the released request to the contractor the link names, once. */
export async function useAlternative(
  ctx: AppContext,
  token: string,
  county: string,
): Promise<{ leadId: number; contractorName: string }> {
  return sendOffer(ctx, await openOffer(ctx, byToken(token), county));
}

/**
 * The same, from the request's own page (docs/decisions/0128-request-page-and-replies.md): the
 * request's token is the permission, and the alternative one of its own.
 */
export async function useAlternativeOfRequest(
  ctx: AppContext,
  requestToken: string,
  alternativeId: number,
  county: string,
): Promise<{ leadId: number; contractorName: string }> {
  const which = and(
    eq(leadAlternatives.id, alternativeId),
    eq(leads.withdrawTokenHash, hashAccountToken(requestToken)),
  );
  return sendOffer(ctx, await openOffer(ctx, which, county));
}

async function sendOffer(
  ctx: AppContext,
  offer: NonNullable<Awaited<ReturnType<typeof offerOf>>>,
): Promise<{ leadId: number; contractorName: string }> {
  const region = await regionOf(ctx, offer.county);
  return inTransaction(ctx, async (tx) => {
    // The row lock makes a second use (a double click, a second tab) wait and find it used.
    const [locked] = await tx.db
      .select({ usedAt: leadAlternatives.usedAt })
      .from(leadAlternatives)
      .where(eq(leadAlternatives.id, offer.id))
      .for('update');
    if (locked?.usedAt) throw conflict('Your request was already sent to this contractor.');
    if (offer.expiresAt <= tx.clock.now())
      throw conflict('This link has expired. You can find contractors in the directory.');
    const l = offer.lead;
    const { id } = await createLead(
      tx,
      {
        ...homeownerRequest(l),
        budgetRange: (l.budgetRange ?? '') as QuoteRequest['budgetRange'],
        contractorId: offer.contractorId,
      },
      region,
      { originLeadId: l.id },
    );
    await tx.db
      .update(leadAlternatives)
      .set({ usedAt: tx.clock.now(), newLeadId: id })
      .where(eq(leadAlternatives.id, offer.id));
    return { leadId: id, contractorName: offer.contractorName };
  });
}
