import { and, eq, gte, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { phoneKey } from '@shared/phone-numbers';
import type { HeldReason, ReleaseReason } from '@shared/schemas/lead-routing';
import type { ServiceCtx } from '../../context';
import { contractors, leads, type LeadRow } from '../../db/schema';
import type { Takes } from '../../contractors/lead-preferences';

/**
 * The checks a quote request passes before it is delivered without an administrator
 * (docs/decisions/0117-lead-routing.md). Held: an administrator looks first. Unfit: the chosen
 * contractor cannot take it, so it is released and the homeowner offered others.
 */

export const DUPLICATE_DAYS = 7;

// A link in any common spelling, or the words of bulk spam. Homeowners describe work; they do not send links.
const LINK =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]{2,}\.(?:com|net|org|info|biz|ru|xyz|top|io|co|online|site|shop)\b(?:\/\S*)?/i;
const SPAM_WORDS =
  /\b(?:viagra|cialis|casino|crypto(?:currency)?|bitcoin|forex|seo services|backlinks?|loan offer|payday|porn|escort|click here|buy now)\b/i;

/** True when the project details carry a link or the words of bulk spam. */
export function looksLikeSpam(details: string): boolean {
  return LINK.test(details) || SPAM_WORDS.test(details);
}

/** The same homeowner (email or phone) asked the same contractor within DUPLICATE_DAYS before this lead. */
export async function isDuplicate(
  ctx: ServiceCtx,
  lead: Pick<LeadRow, 'id' | 'email' | 'phone' | 'requestedContractorId' | 'createdAt'>,
): Promise<boolean> {
  if (lead.requestedContractorId == null) return false;
  const since = new Date(lead.createdAt.getTime() - DUPLICATE_DAYS * 86_400_000);
  const key = phoneKey(lead.phone);
  const [row] = await ctx.db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.requestedContractorId, lead.requestedContractorId),
        ne(leads.id, lead.id),
        gte(leads.createdAt, since),
        sql`${leads.createdAt} <= ${lead.createdAt}`,
        isNull(leads.withdrawnAt),
        or(
          sql`lower(${leads.email}) = lower(${lead.email})`,
          key.length === 10 ? sql`right(regexp_replace(${leads.phone}, '\\D', '', 'g'), 10) = ${key}` : sql`false`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** An imported listing nobody has claimed: there is no one to deliver to yet (docs/decisions/0131-listing-claims.md). */
async function isUnclaimed(ctx: ServiceCtx, contractorId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: contractors.id })
    .from(contractors)
    .where(and(eq(contractors.id, contractorId), isNotNull(contractors.importId), isNull(contractors.claimedAt)));
  return row !== undefined;
}

/** Why an administrator must look at this request first, or null when it may go on its own. */
export async function heldReason(
  ctx: ServiceCtx,
  lead: LeadRow,
  county: { leadDelivery: 'automatic' | 'manual' },
): Promise<HeldReason | null> {
  if (lead.requestedContractorId == null) return 'no_contractor';
  if (looksLikeSpam(lead.projectDetails)) return 'spam';
  if (await isDuplicate(ctx, lead)) return 'duplicate';
  if (await isUnclaimed(ctx, lead.requestedContractorId)) return 'unclaimed';
  return county.leadDelivery === 'manual' ? 'manual' : null;
}

/**
 * Paused until a later day, or not the services or towns it takes: the contractor cannot take this
 * lead. A request naming no known service or town is not refused for it. The cap is checked with
 * the price, in settleDelivery.
 */
export function leadFit(
  takes: Takes,
  lead: Pick<LeadRow, 'serviceSlugs' | 'townId'>,
  today: string,
): ReleaseReason | null {
  if (takes.pausedUntil && takes.pausedUntil > today) return 'paused';
  if (
    takes.serviceSlugs &&
    lead.serviceSlugs.length > 0 &&
    !lead.serviceSlugs.some((s) => takes.serviceSlugs!.includes(s))
  )
    return 'not_taken';
  if (takes.townIds && lead.townId != null && !takes.townIds.includes(lead.townId)) return 'not_taken';
  return null;
}
