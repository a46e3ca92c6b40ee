import type { LegalPageSlug } from '@shared/legal-pages';

/** The same key is declared by the route (answered during server rendering) and read by the page. */
export const legalPageKey = (slug: LegalPageSlug) => [`/api/legal-pages/${slug}`] as const;
