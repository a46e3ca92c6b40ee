import { useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { nearestTowns } from '@shared/nearby';
import type { Service, Town } from '@shared/region';
import type { ServicePageAnswer } from '@shared/schemas/service-pages';
import { useSiteConfig } from '@/lib/site-config';
import { Head } from '@/components/head';
import { breadcrumbJsonLd, Breadcrumbs, type Crumb } from '@/components/breadcrumbs';
import { QueryView } from '@/components/query-view';
import type { RouteInput } from '@/lib/route-input';
import { useHttpStatus } from '@/lib/server-context';
import { NotFoundPage } from '@/features/not-found';
import { ContractorList, ContractorPlaceholders } from './components/ContractorResults';
import { Pagination, PastLastPage, pageCount, showListTop } from './components/Pagination';
import { ServiceLinkList } from './components/ServicePageLinks';
import { countSentence, itemListJsonLd, serviceHeading, useServicePage } from './service-page-content';
import {
  placeName,
  readServicePageNumber,
  serviceBySlug,
  servicePageHref,
  servicePageKey,
  townBySlug,
} from './service-pages';
import { useRegion } from '@/lib/region';

/** Neighbouring towns linked from a town's page: the nearest ones where the service is offered (docs/decisions/0030-service-pages.md). */
const NEIGHBOURS = 4;

function PlaceLinks({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <nav aria-labelledby={id} className="rounded-lg border p-5">
      <h2 id={id} className="text-lg font-semibold">
        {heading}
      </h2>
      {children}
    </nav>
  );
}

function TownLinks({ service, towns }: { service: Service; towns: { town: Town; count: number }[] }) {
  const region = useRegion();
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {towns.map(({ town, count }) => (
        <li key={town.slug}>
          <Link
            href={servicePageHref(service.slug, town.slug)}
            className="text-primary underline-offset-4 hover:underline"
          >
            {placeName(town, region)}
          </Link>{' '}
          <span className="text-muted-foreground">{`(${count})`}</span>
        </li>
      ))}
    </ul>
  );
}

function Listing({
  service,
  town,
  data,
  page,
}: {
  service: Service;
  town: Town | null;
  data: ServicePageAnswer;
  page: number;
}) {
  const region = useRegion();
  const { siteUrl } = useSiteConfig();
  const [, navigate] = useLocation();
  const results = useRef<HTMLElement>(null);
  const pages = pageCount(data);
  const pastEnd = data.page > pages;
  // An address past the last page is not a page of its own (crawlers get 404), but says where the last one is.
  useHttpStatus(pastEnd ? 404 : 200);
  const heading = serviceHeading(service, town, region);
  const crumbs: Crumb[] = [
    { label: 'Home', href: '/' },
    { label: 'Contractors', href: '/browse' },
    ...(town ? [{ label: service.name, href: servicePageHref(service.slug) }] : []),
    { label: town ? town.name : service.name, href: servicePageHref(service.slug, town?.slug) },
  ];
  const path = servicePageHref(service.slug, town?.slug, page);
  const townCounts = (slugs: string[]) =>
    slugs.flatMap((slug) =>
      data.towns.filter((t) => t.slug === slug).map((t) => ({ town: townBySlug(slug, region)!, count: t.count })),
    );
  const neighbours = town
    ? townCounts(
        nearestTowns(
          town.slug,
          data.towns.map((t) => t.slug),
          NEIGHBOURS,
          region,
        ).map((t) => t.slug),
      )
    : townCounts(data.towns.map((t) => t.slug));
  const related = data.services
    .filter((s) => s.slug !== service.slug)
    .flatMap((s) =>
      serviceBySlug(s.slug, region) ? [{ service: serviceBySlug(s.slug, region)!, count: s.count }] : [],
    );
  const toPage = (to: number, replace = false) => {
    navigate(servicePageHref(service.slug, town?.slug, to), { replace });
    showListTop(results.current);
  };

  return (
    <div className="container mx-auto grid gap-8 px-4 py-8">
      <Head
        title={`${service.name} Contractors in ${placeName(town, region)}${page > 1 ? ` - Page ${page}` : ''} | ${region.siteTitle}`}
        description={`${countSentence(data.total, service, town, region)} Compare ratings and reviews and request free quotes.`}
        path={path}
        robots={pastEnd ? 'noindex, follow' : undefined}
        keywords={[`${service.name} ${town ? town.name : region.county}`, `${service.name} contractors`, region.county]}
        jsonLd={[itemListJsonLd(heading, data, siteUrl), breadcrumbJsonLd(crumbs, siteUrl)]}
      />
      <div className="grid gap-3">
        <Breadcrumbs crumbs={crumbs} />
        <h1 className="text-2xl font-bold md:text-3xl">{heading}</h1>
        <p className="text-muted-foreground">{`${countSentence(data.total, service, town, region)} Highest rated first.`}</p>
      </div>
      <section ref={results} aria-labelledby="results-heading" className="scroll-mt-20">
        <h2 id="results-heading" className="sr-only">
          Results
        </h2>
        {pastEnd ? (
          <PastLastPage
            page={data.page}
            pages={pages}
            href={servicePageHref(service.slug, town?.slug, pages)}
            onGo={() => toPage(pages, true)}
          />
        ) : (
          <>
            <ContractorList contractors={data.contractors} view="grid" />
            <Pagination
              page={data.page}
              pages={pages}
              hrefFor={(to) => servicePageHref(service.slug, town?.slug, to)}
              onPage={toPage}
            />
          </>
        )}
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        {neighbours.length > 0 && (
          <PlaceLinks
            id="nearby-heading"
            heading={town ? `${service.name} contractors in nearby towns` : `${service.name} contractors by town`}
          >
            <TownLinks service={service} towns={neighbours} />
            {town && (
              <p className="mt-3 text-sm">
                <Link href={servicePageHref(service.slug)} className="text-primary underline-offset-4 hover:underline">
                  {`All ${service.name} contractors in ${region.displayName}`}
                </Link>
              </p>
            )}
          </PlaceLinks>
        )}
        {related.length > 0 && (
          <PlaceLinks id="related-heading" heading={`Other services in ${placeName(town, region)}`}>
            <ServiceLinkList links={related} town={town} />
          </PlaceLinks>
        )}
      </div>
    </div>
  );
}

/** `/contractors/:service` and `/contractors/:service/:town`: the listed contractors offering a service in a town or the whole county. */
export default function ServiceTownPage({ params, search }: RouteInput) {
  const region = useRegion();
  const service = serviceBySlug(params.service ?? '', region);
  const town = params.town === undefined ? null : (townBySlug(params.town, region) ?? undefined);
  const page = readServicePageNumber(search);
  const query = useServicePage(servicePageKey(params.service ?? '', params.town ?? null, page));
  // An unknown service or town, or a combination without a contractor (the server's 404), is the site's 404 page.
  if (!service || town === undefined) return <NotFoundPage />;
  return (
    <QueryView
      query={query}
      what="contractors"
      retry="reload"
      notFound={<NotFoundPage />}
      loading={<ContractorPlaceholders count={6} />}
      frame={(state) => (
        <div className="container mx-auto grid gap-6 px-4 py-8">
          <h1 className="text-2xl font-bold md:text-3xl">{serviceHeading(service, town, region)}</h1>
          {state}
        </div>
      )}
    >
      {(data) => <Listing service={service} town={town} data={data} page={page} />}
    </QueryView>
  );
}
