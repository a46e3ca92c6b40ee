import { useRef, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { Region } from '@shared/region';
import type { GalleryPage as GalleryAnswer } from '@shared/schemas/gallery';
import { useSiteConfig } from '@/lib/site-config';
import { Head } from '@/components/head';
import { useRegion } from '@/lib/region';
import type { RouteInput } from '@/lib/route-input';
import { breadcrumbJsonLd, Breadcrumbs, type Crumb } from '@/components/breadcrumbs';
import { QueryView } from '@/components/query-view';
import { Button, LinkButton } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { plural } from '@/lib/format';
import { Pagination, pageCount, showListTop } from './components/Pagination';
import { Photo } from './components/Photo';
import { galleryHref, galleryKey, readGalleryFilters, useGallery, type GalleryFilters } from './gallery';

/** The first row on a wide screen loads at once; the rest are below the fold. */
const EAGER = 4;
const SIZES = '(min-width: 1024px) 330px, (min-width: 640px) 31vw, 46vw';

function headingOf(f: GalleryFilters, region: Region): string {
  const service = region.services.find((s) => s.slug === f.service)?.name;
  const town = region.towns.find((t) => t.slug === f.town)?.name;
  return `${service ? `${service} ` : ''}Project Gallery${town ? ` in ${town}` : ''}`;
}

/**
 * The filters as a plain GET form: without JavaScript the browser sends it to /gallery; with it the
 * page goes to the same address itself (docs/decisions/0112-photos-on-the-public-site.md).
 */
function Filters({ filters, onApply }: { filters: GalleryFilters; onApply: (f: GalleryFilters) => void }) {
  const region = useRegion();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    onApply(
      readGalleryFilters(
        new URLSearchParams({ service: String(data.get('service') ?? ''), town: String(data.get('town') ?? '') }),
        region,
      ),
    );
  };
  return (
    <form
      method="get"
      action="/gallery"
      onSubmit={submit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      aria-label="Filter photos"
    >
      <div className="grid gap-1 text-sm font-medium sm:w-64">
        <label htmlFor="gallery-service">Service</label>
        <NativeSelect
          id="gallery-service"
          name="service"
          defaultValue={filters.service ?? 'all'}
          key={`s-${filters.service}`}
        >
          <option value="all">All services</option>
          {region.services.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1 text-sm font-medium sm:w-64">
        <label htmlFor="gallery-town">Town</label>
        <NativeSelect id="gallery-town" name="town" defaultValue={filters.town ?? 'all'} key={`t-${filters.town}`}>
          <option value="all">{region.allLocationsLabel}</option>
          {region.towns.map((t) => (
            <option key={t.slug} value={t.slug}>
              {t.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit">Show Photos</Button>
    </form>
  );
}

function Grid({ data }: { data: GalleryAnswer }) {
  if (data.photos.length === 0)
    return (
      <div className="rounded-lg border p-8 text-center">
        <p className="font-semibold">No project photos yet</p>
        <p className="mt-1 text-sm text-muted-foreground">Try another service or town, or browse all contractors.</p>
        <LinkButton href="/browse" variant="outline" className="mt-4">
          Browse Contractors
        </LinkButton>
      </div>
    );
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="gallery-photos">
      {data.photos.map((p, i) => (
        <li key={p.id}>
          <figure className="grid gap-1">
            <Link
              href={`/contractor/${p.contractorId}`}
              className="block overflow-hidden rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              <Photo
                image={p}
                alt={p.caption ? `${p.caption}, by ${p.contractorName}` : `A project by ${p.contractorName}`}
                sizes={SIZES}
                lazy={i >= EAGER}
                className="aspect-[4/3] h-auto w-full bg-muted object-cover"
              />
            </Link>
            <figcaption className="text-sm">
              {p.caption && <span className="block">{p.caption}</span>}
              <Link href={`/contractor/${p.contractorId}`} className="text-primary underline-offset-4 hover:underline">
                {p.contractorName}
              </Link>
              <span className="text-muted-foreground">{`, ${p.contractorLocation}`}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

function Placeholders() {
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" role="status" aria-label="Loading photos">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="aspect-[4/3] w-full" />
      ))}
    </div>
  );
}

/** /gallery: recent approved project photos of the county's contractors, filterable by service and town, each linking to its profile. */
export default function GalleryPage({ search }: RouteInput) {
  const region = useRegion();
  const { siteUrl } = useSiteConfig();
  const [, navigate] = useLocation();
  const results = useRef<HTMLElement>(null);
  const filters = readGalleryFilters(search, region);
  const query = useGallery(galleryKey(filters));
  const heading = headingOf(filters, region);
  const crumbs: Crumb[] = [
    { label: 'Home', href: '/' },
    { label: 'Project Gallery', href: '/gallery' },
  ];
  const go = (f: GalleryFilters) => {
    navigate(galleryHref(f));
    showListTop(results.current);
  };
  const total = query.data?.total;
  return (
    <div className="container mx-auto grid gap-6 px-4 py-8">
      <Head
        title={`${heading}${filters.page > 1 ? ` - Page ${filters.page}` : ''} | ${region.siteTitle}`}
        description={`Photos of recent projects by ${region.county} contractors: new homes, remodels, decks, roofs and more. Each links to the contractor's profile, where you can request a free quote.`}
        path={galleryHref(filters)}
        keywords={[`${region.county} contractor photos`, 'project gallery', region.county]}
        jsonLd={[breadcrumbJsonLd(crumbs, siteUrl)]}
      />
      <div className="grid gap-3">
        <Breadcrumbs crumbs={crumbs} />
        <h1 className="text-2xl font-bold md:text-3xl">{heading}</h1>
        <p className="text-muted-foreground">{`Recent work by contractors serving ${region.displayName}, newest first.${total !== undefined ? ` ${plural(total, 'photo')}.` : ''}`}</p>
      </div>
      <Filters filters={filters} onApply={(f) => go({ ...f, page: 1 })} />
      <section ref={results} aria-label="Photos" className="scroll-mt-20">
        <QueryView query={query} what="photos" retry="reload" loading={<Placeholders />}>
          {(data) => (
            <>
              <Grid data={data} />
              <Pagination
                page={data.page}
                pages={pageCount(data)}
                hrefFor={(page) => galleryHref({ ...filters, page })}
                onPage={(page) => go({ ...filters, page })}
              />
            </>
          )}
        </QueryView>
      </section>
    </div>
  );
}
