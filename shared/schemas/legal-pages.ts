import { z } from 'zod';
import { LEGAL_PAGE_MAX, LEGAL_PAGE_SLUGS, type LegalPageSlug } from '../legal-pages';

export { LEGAL_PAGE_MAX };

/** PUT /api/admin/legal-pages/:slug (docs/decisions/0114-homeowner-privacy.md). */
export const legalPageEditSchema = z.object({
  markdown: z
    .string({ error: 'Write the page' })
    .trim()
    .min(1, 'Write the page')
    .max(LEGAL_PAGE_MAX, `At most ${LEGAL_PAGE_MAX.toLocaleString('en-US')} characters`),
});
export type LegalPageEdit = z.infer<typeof legalPageEditSchema>;

export const legalPageSlugSchema = z.enum(LEGAL_PAGE_SLUGS, { error: 'No such page' });
export const legalPageParams = z.object({ slug: legalPageSlugSchema });

/** A legal page as the site shows it: the county's words filled in, rendered as the blog's posts are. */
export interface LegalPageDto {
  slug: LegalPageSlug;
  title: string;
  html: string;
  updatedAt: string | null;
}

/** The admin's view: the text as written (placeholders kept), and whether it is the default. */
export interface AdminLegalPageDto {
  slug: LegalPageSlug;
  title: string;
  markdown: string;
  isDefault: boolean;
  updatedAt: string | null;
}
