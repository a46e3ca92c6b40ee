import type { AppContext } from '../context';
import { countySiteWords, type CountySiteWords } from '../counties/counties';

/**
 * The county site a contractor's link goes to: the one the request came from
 * (docs/decisions/0099-county-by-host.md). In production it is https unless the operator allowed
 * plain http, as sign-in is refused over http there (docs/decisions/0042-production-sign-in-https.md).
 */
export async function linkSite(ctx: Pick<AppContext, 'db' | 'siteUrl' | 'env'>, county: string): Promise<CountySiteWords> {
  const site = await countySiteWords(ctx, { slug: county });
  const secure = ctx.env.NODE_ENV === 'production' && !ctx.env.ALLOW_PLAIN_HTTP;
  return secure ? { ...site, siteUrl: site.siteUrl.replace(/^http:/, 'https:') } : site;
}

/** A contractor page's address with the link's token; the token is a query value, which request logs drop (server/http/request-log.ts). */
export const linkTo = (site: CountySiteWords, path: string, token: string) => `${site.siteUrl}${path}?token=${encodeURIComponent(token)}`;

export const RESET_PASSWORD_PATH = '/contractor/reset-password';
export const CONFIRM_EMAIL_PATH = '/contractor/confirm-email';
