import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { countySiteWords, type CountySiteWords } from '../counties/counties';
import { contractors } from '../db/schema';
import { notFound } from '../domain/errors';
import { homeCountyId } from '../directory/county';

/**
 * The county site a contractor's emails link to: its home county's (the county of its home town,
 * the default county for one without: homeCountyId), whichever site the action happened on
 * (docs/decisions/0127-contractor-mail-links-home.md), so every link and its session cookie are
 * on the one site the contractor knows. In production it is https unless the operator allowed
 * plain http, as sign-in is refused over http there (docs/decisions/0042-production-sign-in-https.md).
 */
export async function contractorSite(
  ctx: Pick<AppContext, 'db' | 'siteUrl' | 'env'>,
  contractorId: number,
): Promise<CountySiteWords> {
  const [home] = await ctx.db.select({ id: homeCountyId() }).from(contractors).where(eq(contractors.id, contractorId));
  if (!home) throw notFound('Contractor not found');
  const site = await countySiteWords(ctx, { id: home.id });
  const secure = ctx.env.NODE_ENV === 'production' && !ctx.env.ALLOW_PLAIN_HTTP;
  return secure ? { ...site, siteUrl: site.siteUrl.replace(/^http:/, 'https:') } : site;
}

/** A contractor page's address with the link's token; the token is a query value, which request logs drop (server/http/request-log.ts). */
export const linkTo = (site: CountySiteWords, path: string, token: string) =>
  `${site.siteUrl}${path}?token=${encodeURIComponent(token)}`;

export const RESET_PASSWORD_PATH = '/contractor/reset-password';
export const CONFIRM_EMAIL_PATH = '/contractor/confirm-email';
