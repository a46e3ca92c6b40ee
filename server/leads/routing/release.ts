import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { ReleaseCause } from '@shared/schemas/lead-routing';
import { longDate } from '@shared/site-calendar';
import { today } from '../../clock';
import type { AppContext } from '../../context';
import {
  contractorLeadPreferences,
  contractors,
  contractorServiceAreas,
  contractorServices,
  leadAlternatives,
  leadDeliveries,
  leads,
  regions,
  services,
  type LeadRow,
} from '../../db/schema';
import { isListed } from '../../directory/cards';
import { servesCounty } from '../../directory/county';
import { hashAccountToken, newToken } from '../../accounts/account-tokens';
import { cardSpendThisMonth, takesOf } from '../../contractors/lead-preferences';
import { countySiteWords } from '../../counties/counties';
import { queueEmail } from '../../notifications/email-delivery';
import { quotePrice } from '../pricing/quote';
import { leadFit } from './checks';
import { rankCandidates, type Candidate } from './ranking';

/**
 * When the chosen contractor cannot take a lead (docs/decisions/0117-lead-routing.md): the lead is
 * released, nothing is charged, and its homeowner gets one email naming up to three other listed
 * contractors of the county who take that service in that town, each with a single-use,
 * expiring "Send my request to them" link. Nothing goes to anyone the homeowner did not pick.
 */

/** How long the homeowner's links work. */
export const ALTERNATIVE_LINK_DAYS = 14;
export const alternativeLink = (siteUrl: string, token: string) =>
  `${siteUrl}/alternatives/${encodeURIComponent(token)}`;

const REPLY_WINDOW_DAYS = 90;

/** What alternatives are found for: a lead, or a paused contractor's would-be request (any of its services, any town). */
export type AlternativesRequest = Pick<LeadRow, 'regionId' | 'requestedContractorId' | 'serviceSlugs' | 'townId'>;

/** Listed contractors of the lead's county, other than the chosen one, who take its service in its town and could take it now, best first. */
export async function alternativesFor(ctx: AppContext, lead: AlternativesRequest): Promise<Candidate[]> {
  const [county] = await ctx.db.select({ slug: regions.slug }).from(regions).where(eq(regions.id, lead.regionId));
  if (!county) return [];
  const since = new Date(ctx.clock.now().getTime() - REPLY_WINDOW_DAYS * 86_400_000);
  const rows = await ctx.db
    .select({
      id: contractors.id,
      name: contractors.name,
      verified: contractors.verified,
      rating: contractors.rating,
      reviewCount: contractors.reviewCount,
      // Spelled with the table: in a select list Drizzle writes a column bare, which the subquery's own tables would shadow.
      recentLeads: sql<number>`(select count(*)::int from ${leadDeliveries} d where d.contractor_id = "contractors"."id" and d.created_at >= ${since})`,
      repliedLeads: sql<number>`(select count(*)::int from ${leadDeliveries} d join ${leads} l on l.id = d.lead_id where d.contractor_id = "contractors"."id" and d.created_at >= ${since} and l.status in ('contacted', 'won', 'lost'))`,
    })
    .from(contractors)
    .where(
      and(
        isListed,
        // An unclaimed listing has no one to take a request (docs/decisions/0131-listing-claims.md).
        sql`(${contractors.importId} is null or ${contractors.claimedAt} is not null)`,
        servesCounty(county.slug),
        lead.requestedContractorId == null ? undefined : ne(contractors.id, lead.requestedContractorId),
        lead.serviceSlugs.length === 0
          ? undefined
          : sql`exists (select 1 from ${contractorServices} cs join ${services} s on s.id = cs.service_id where cs.contractor_id = ${contractors.id} and s.slug in ${lead.serviceSlugs})`,
        lead.townId == null
          ? undefined
          : or(
              eq(contractors.homeTownId, lead.townId),
              sql`exists (select 1 from ${contractorServiceAreas} a where a.contractor_id = ${contractors.id} and a.town_id = ${lead.townId})`,
            ),
      ),
    )
    .limit(50);
  if (rows.length === 0) return [];
  const prefs = new Map(
    (
      await ctx.db
        .select()
        .from(contractorLeadPreferences)
        .where(
          inArray(
            contractorLeadPreferences.contractorId,
            rows.map((r) => r.id),
          ),
        )
    ).map((p) => [p.contractorId, p]),
  );
  const day = today(ctx.clock);
  const able: Candidate[] = [];
  for (const r of rows) {
    const p = prefs.get(r.id) ?? null;
    if (leadFit(await takesOf(ctx, r.id, p), lead, day)) continue;
    if (p?.monthlyCapCents != null) {
      const price = await quotePrice(ctx, lead.regionId, {
        serviceSlugs: lead.serviceSlugs,
        townId: lead.townId,
        contractorId: r.id,
      });
      if ((await cardSpendThisMonth(ctx, r.id)) + price.priceCents > p.monthlyCapCents) continue;
    }
    able.push(r);
  }
  return rankCandidates(able);
}

/**
 * Releases the lead (inside the caller's transaction) and writes its homeowner the one email. The
 * lead is 'new' again but closed to delivery: what follows is a new lead of the homeowner's choice.
 */
export async function releaseLead(ctx: AppContext, lead: LeadRow, reason: ReleaseCause): Promise<void> {
  const now = ctx.clock.now();
  const [released] = await ctx.db
    .update(leads)
    .set({ status: 'new', routing: 'released', routingReason: reason, routedAt: now, updatedAt: now })
    .where(eq(leads.id, lead.id))
    .returning();
  // A withdrawn or erased request is not followed up: its homeowner asked for nothing more.
  if (!released || released.withdrawnAt || released.erasedAt) return;
  const [chosen] =
    lead.requestedContractorId == null
      ? []
      : await ctx.db
          .select({ name: contractors.name })
          .from(contractors)
          .where(eq(contractors.id, lead.requestedContractorId));
  const site = await countySiteWords(ctx, { id: lead.regionId });
  const offered = await alternativesFor(ctx, released);
  const expiresAt = new Date(now.getTime() + ALTERNATIVE_LINK_DAYS * 86_400_000);
  const links: string[] = [];
  for (const [i, c] of offered.entries()) {
    const token = newToken();
    await ctx.db
      .insert(leadAlternatives)
      .values({ leadId: lead.id, contractorId: c.id, rank: i + 1, tokenHash: hashAccountToken(token), expiresAt });
    links.push(
      `${c.name}${c.reviewCount > 0 ? ` (rated ${c.rating.toFixed(1)} from ${c.reviewCount} review${c.reviewCount === 1 ? '' : 's'})` : ''}`,
      `  Send my request to them: ${alternativeLink(site.siteUrl, token)}`,
      '',
    );
  }
  const who = chosen?.name ?? 'The contractor you chose';
  const text = [
    `Hello ${released.name},`,
    '',
    `${who} cannot take your request for ${released.serviceNeeded} in ${released.location} right now. Nothing was sent to anyone else, and nothing more will be unless you choose.`,
    '',
    ...(offered.length > 0
      ? [
          `These ${site.displayName} contractors take ${released.serviceNeeded} requests there. To send your request to one of them, use its link:`,
          '',
          ...links,
          `Each link works once, until ${longDate(expiresAt)}.`,
        ]
      : [
          `We found no other contractor taking ${released.serviceNeeded} requests there just now. You can browse the directory: ${site.siteUrl}/search`,
        ]),
    '',
    site.siteTitle,
  ].join('\n');
  await queueEmail(ctx, {
    kind: 'lead-alternatives',
    to: released.email,
    regionId: lead.regionId,
    subject: `${who} cannot take your request: other contractors who can`,
    text,
  });
}
