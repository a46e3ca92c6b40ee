import { eq } from 'drizzle-orm';
import { REQUEST_LINK_INVALID } from '@shared/schemas/request-page';
import type { AppContext, ServiceCtx } from '../../context';
import { leads, regions, type LeadRow } from '../../db/schema';
import { retentionCutoff } from '../lead-retention';
import { notFound } from '../../domain/errors';
import { hashAccountToken } from '../../accounts/account-tokens';

/**
 * Whether a request's page is gone: once its details are erased, except that a request withdrawn
 * before anyone paid for it, erased at once, still says "withdrawn" until the retention it would
 * have had ends (docs/decisions/0128-request-page-and-replies.md).
 */
function gone(ctx: Pick<AppContext, 'env' | 'clock'>, lead: LeadRow): boolean {
  if (!lead.erasedAt) return false;
  const withdrawn = lead.withdrawnAt;
  return !withdrawn || withdrawn < retentionCutoff(ctx.clock.now(), ctx.env.LEAD_RETENTION_DAYS);
}

/**
 * The lead a request page's token opens (docs/decisions/0128-request-page-and-replies.md): the
 * confirmation email's token, only on its own county's site, until its details are erased. Any
 * other case is the same plain 'not found', so a link reveals nothing. `lock` takes the lead's
 * row for the caller's transaction.
 */
export async function requestOfToken(
  ctx: ServiceCtx & Pick<AppContext, 'env'>,
  token: string,
  county: string,
  lock = false,
) {
  const query = ctx.db
    .select({ lead: leads, county: regions.slug })
    .from(leads)
    .innerJoin(regions, eq(regions.id, leads.regionId))
    .where(eq(leads.withdrawTokenHash, hashAccountToken(token)));
  const [row] = await (lock ? query.for('update', { of: leads }) : query);
  if (!row || row.county !== county || gone(ctx, row.lead)) throw notFound(REQUEST_LINK_INVALID);
  return row.lead;
}
