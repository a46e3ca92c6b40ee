import { and, asc } from 'drizzle-orm';
import type { AppContext } from '../context';
import { blogPosts, contractors } from '../db/schema';
import { isListed } from '../directory/cards';
import { homeOnSite, servesCounty } from '../directory/county';
import { sqlCoverageRows } from '../directory/coverage';
import { isLive } from './blog';

// The review policy is what every review list links to, so a search for how reviews work finds it.
// The project gallery lists the county's approved photos (docs/decisions/0112-photos-on-the-public-site.md).
const STATIC_PATHS = [
  '/',
  '/browse',
  '/search',
  '/gallery',
  '/blog',
  '/submit-business',
  '/contractor-pricing',
  '/review-policy',
  '/privacy',
  '/terms',
];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Every public page search engines should know: the static pages, each listed contractor whose
 * profile's canonical address is here, each
 * service page with a contractor (its lastmod the newest change among them;
 * docs/decisions/0030-service-pages.md), each post published on the site: of the county whose site
 * asks (docs/decisions/0101-read-model-per-county.md, docs/decisions/0104-county-content.md).
 */
export async function buildSitemap(ctx: Pick<AppContext, 'db' | 'clock' | 'siteUrl'>, county: string): Promise<string> {
  const { db, siteUrl } = ctx;
  const [contractorRows, coverage, posts] = await Promise.all([
    db
      .select({ id: contractors.id, updatedAt: contractors.updatedAt })
      .from(contractors)
      // Only the profiles whose canonical address is this site: a contractor's home county lists it (docs/decisions/0106-county-emails-and-jobs.md).
      .where(and(isListed, servesCounty(county), homeOnSite(county)))
      .orderBy(asc(contractors.id)),
    sqlCoverageRows(db, county, { lastmod: true }),
    db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(isLive(county, ctx.clock.now()))
      .orderBy(asc(blogPosts.publishedAt)),
  ]);
  const urls = [
    ...STATIC_PATHS.map((p) => ({ loc: p, lastmod: null as Date | null })),
    ...contractorRows.map((c) => ({ loc: `/contractor/${c.id}`, lastmod: c.updatedAt })),
    ...coverage.map((r) => ({
      loc: `/contractors/${r.service}${r.town ? `/${r.town}` : ''}`,
      lastmod: r.lastmod ?? null,
    })),
    ...posts.map((p) => ({ loc: `/blog/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt })),
  ];
  const body = urls
    .map(
      (u) =>
        `  <url><loc>${escapeXml(siteUrl + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function buildRobots(siteUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /api',
    'Disallow: /contractor/login',
    'Disallow: /contractor$',
    'Allow: /',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
