import { useQuery } from '@tanstack/react-query';
import type { LegalPageSlug } from '@shared/legal-pages';
import type { LegalPageDto } from '@shared/schemas/legal-pages';
import { Head } from '@/components/head';
import { useRegion } from '@/lib/region';
import { ArticleBody } from '@/features/blog';
import { legalPageKey } from './legal-keys';

const DESCRIPTIONS: Record<LegalPageSlug, (site: string) => string> = {
  privacy: (site) =>
    `What ${site} keeps about homeowners and contractors, for how long, who sees it, and the one cookie it uses.`,
  terms: (site) => `The terms of use of ${site} for homeowners and contractors.`,
};

/**
 * /privacy and /terms (docs/decisions/0114-homeowner-privacy.md): the platform administrator's
 * markdown with the county's words filled in, rendered by the server as the blog's posts are.
 */
export function LegalPage({ slug }: { slug: LegalPageSlug }) {
  const region = useRegion();
  const { data: page, error } = useQuery<LegalPageDto>({ queryKey: legalPageKey(slug) });
  return (
    <div className="container mx-auto max-w-3xl px-4 py-8 md:py-12">
      {page && (
        <Head
          title={`${page.title} | ${region.siteTitle}`}
          description={DESCRIPTIONS[slug](region.siteTitle)}
          path={`/${slug}`}
        />
      )}
      {page ? (
        <article>
          <header className="border-b pb-6">
            <h1 className="text-2xl font-bold leading-tight tracking-tight sm:text-3xl md:text-4xl">{page.title}</h1>
            {page.updatedAt && (
              <p className="mt-3 text-sm text-muted-foreground">
                {'Last updated '}
                <time dateTime={page.updatedAt}>
                  {new Date(page.updatedAt).toLocaleDateString('en-US', {
                    month: 'long',
                    day: 'numeric',
                    year: 'numeric',
                    timeZone: region.timeZone,
                  })}
                </time>
              </p>
            )}
          </header>
          <ArticleBody html={page.html} className="mt-8" />
        </article>
      ) : error ? (
        <p role="alert">This page could not be loaded. Please try again.</p>
      ) : (
        <p className="text-muted-foreground">Loading...</p>
      )}
    </div>
  );
}
