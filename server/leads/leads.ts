import { and, eq } from 'drizzle-orm';
import { formatMoney } from '@shared/money';
import type { QuoteRequest } from '@shared/schemas/leads';
import { servicesOfQuoteOption, townFromText } from '@shared/taxonomy';
import type { Region } from '@shared/region';
import { inTransaction, type AppContext } from '../context';
import { contractors, leads } from '../db/schema';
import { notFound } from '../domain/errors';
import { notifyAdmin } from '../notifications/admin-notices';
import { isListed } from '../directory/cards';
import { servesCounty } from '../directory/county';
import { siteUrlOfCounty } from '../counties/region-of';
import { quotePrice } from './pricing/quote';
import { queueEmail } from '../notifications/email-delivery';
import { newWithdrawToken, quoteConfirmationEmail } from './lead-withdrawal';
import { ROUTE_LEAD, type RouteLeadJob } from './routing/route-lead';
import { countyIdOfSlug } from '../counties/county-id';

/**
 * A quote request becomes a lead for the contractor it was sent from
 * (docs/decisions/0003-leads-and-deliveries.md), priced by the rules for that contractor
 * (docs/decisions/0004-lead-prices.md), and the administrator is told: the notice is queued in the lead's own
 * transaction, so a stored lead always gets it and the request never waits for a mail server
 * (docs/decisions/0087-transactional-outbox.md). It belongs to `county`, the county whose site it was
 * sent on (docs/decisions/0100-leads-belong-to-a-county.md).
 */
export async function createLead(
  ctx: AppContext,
  input: QuoteRequest,
  region: Region,
  options: { originLeadId?: number } = {},
): Promise<{ id: number }> {
  const county = region.slug;
  const serviceSlugs = servicesOfQuoteOption(input.serviceNeeded, region);
  const townSlug = townFromText(input.location, region);
  // The county's town (its ids are kept in memory), which its location rules name by id (docs/decisions/0107-pricing-per-county.md).
  const town = ctx.directory.taxonomy(county).then((ids) => (townSlug ? (ids.townId.get(townSlug) ?? null) : null));
  // Independent reads run side by side: under load every round trip waits its turn on the event loop.
  const [[contractor], townId, price, siteUrl] = await Promise.all([
    ctx.db
      .select({ id: contractors.id, name: contractors.name })
      .from(contractors)
      // Listed on this county's site: a contractor not serving it takes no requests there.
      .where(and(eq(contractors.id, input.contractorId), isListed, servesCounty(county))),
    town,
    town.then((townId) => quotePrice(ctx, county, { serviceSlugs, townId, contractorId: input.contractorId })),
    // The notice links to the county's own site, and reaches its administrators (docs/decisions/0106-county-emails-and-jobs.md).
    siteUrlOfCounty(ctx, county),
  ]);
  if (!contractor) throw notFound('This contractor is not available for quote requests');
  // The confirmation email's withdraw link (docs/decisions/0114-homeowner-privacy.md).
  const withdraw = newWithdrawToken();
  return inTransaction(ctx, async (tx) => {
    const [lead] = await tx.db
      .insert(leads)
      .values({
        regionId: countyIdOfSlug(county),
        name: input.name,
        email: input.email,
        phone: input.phone,
        serviceNeeded: input.serviceNeeded,
        serviceSlugs,
        location: input.location,
        townId,
        projectDetails: input.projectDetails,
        budgetRange: input.budgetRange || null,
        requestedContractorId: contractor.id,
        leadPriceCents: price.priceCents,
        status: 'new',
        withdrawTokenHash: withdraw.hash,
        routing: 'pending',
        originLeadId: options.originLeadId ?? null,
      })
      .returning({ id: leads.id, regionId: leads.regionId });
    // Routed by the job queue, so the homeowner's answer never waits for the delivery (docs/decisions/0117-lead-routing.md).
    await tx.jobs.send(ROUTE_LEAD, { leadId: lead!.id } satisfies RouteLeadJob, tx.db);

    await queueEmail(tx, {
      kind: 'quote-confirmation',
      to: input.email,
      regionId: lead!.regionId,
      ...quoteConfirmationEmail({
        siteUrl,
        siteTitle: region.siteTitle,
        name: input.name,
        contractorName: contractor.name,
        serviceNeeded: input.serviceNeeded,
        askedAt: tx.clock.now(),
        token: withdraw.token,
        retentionDays: ctx.env.LEAD_RETENTION_DAYS,
      }),
    });

    await notifyAdmin(tx, {
      kind: 'lead-notice',
      regionId: lead!.regionId,
      subject: `New quote request for ${contractor.name}: ${input.serviceNeeded}`,
      text: [
        `A homeowner asked ${contractor.name} for a quote.`,
        '',
        `Service: ${input.serviceNeeded}`,
        `Location: ${input.location}`,
        `Budget: ${input.budgetRange || 'not given'}`,
        `Lead price: ${formatMoney(price.priceCents)}`,
        '',
        // Delivered on its own once it passes the checks; a held one waits at the top of the list (docs/decisions/0117-lead-routing.md).
        `Follow it, or deliver it if it is held, at ${siteUrl}/admin/leads`,
      ].join('\n'),
    });
    return { id: lead!.id };
  });
}
