import { eq } from 'drizzle-orm';
import {
  DEFAULT_LEGAL_PAGES,
  fillLegalPage,
  LEGAL_PAGE_SLUGS,
  LEGAL_PAGE_TITLES,
  type LegalPageSlug,
} from '@shared/legal-pages';
import type { AdminLegalPageDto, LegalPageDto } from '@shared/schemas/legal-pages';
import type { Region } from '@shared/region';
import type { AppContext, DbCtx, ServiceCtx } from '../context';
import { legalPages } from '../db/schema';
import type { AdminActor } from '../domain/actors';
import { renderMarkdown } from './markdown';

/**
 * /privacy and /terms (docs/decisions/0114-homeowner-privacy.md): one markdown text per page for
 * every county, edited by the platform administrator (the route's guard), the default shipped in
 * shared/legal-pages.ts until then. Each site shows it with its own words filled in, rendered as the
 * blog's posts are (server/content/markdown.tsx: raw HTML dropped, unsafe links blanked).
 */

/** The page as a county's site shows it. Read at every request, so an edit shows on every app process at once. */
export async function legalPage(
  ctx: DbCtx & Pick<AppContext, 'env'>,
  region: Region,
  slug: LegalPageSlug,
): Promise<LegalPageDto> {
  const [row] = await ctx.db.select().from(legalPages).where(eq(legalPages.slug, slug));
  const markdown = fillLegalPage(row?.markdown ?? DEFAULT_LEGAL_PAGES[slug], {
    siteTitle: region.siteTitle,
    county: region.displayName,
    supportEmail: region.supportEmail,
    retentionDays: ctx.env.LEAD_RETENTION_DAYS,
  });
  return {
    slug,
    title: LEGAL_PAGE_TITLES[slug],
    html: await renderMarkdown(markdown),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

const adminDto = (slug: LegalPageSlug, row: typeof legalPages.$inferSelect | undefined): AdminLegalPageDto => ({
  slug,
  title: LEGAL_PAGE_TITLES[slug],
  markdown: row?.markdown ?? DEFAULT_LEGAL_PAGES[slug],
  isDefault: !row,
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

/** GET /api/admin/legal-pages: both pages as written, placeholders kept. */
export async function listLegalPages(ctx: DbCtx): Promise<AdminLegalPageDto[]> {
  const rows = await ctx.db.select().from(legalPages);
  return LEGAL_PAGE_SLUGS.map((slug) =>
    adminDto(
      slug,
      rows.find((r) => r.slug === slug),
    ),
  );
}

/** PUT /api/admin/legal-pages/:slug: the new text, for every county's site. */
export async function saveLegalPage(
  ctx: ServiceCtx,
  actor: AdminActor,
  slug: LegalPageSlug,
  markdown: string,
): Promise<AdminLegalPageDto> {
  const edited = { markdown, updatedByAdminId: actor.adminUserId, updatedAt: ctx.clock.now() };
  const [row] = await ctx.db
    .insert(legalPages)
    .values({ slug, ...edited })
    .onConflictDoUpdate({ target: legalPages.slug, set: edited })
    .returning();
  return adminDto(slug, row);
}
