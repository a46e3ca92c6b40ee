import { Award, CalendarDays, Clock, MapPin, ShieldCheck, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { hoursLines } from '@shared/business-hours';
import type { ContractorProfile } from '@shared/schemas/directory';
import { useSiteConfig } from '@/lib/site-config';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { breadcrumbJsonLd, Breadcrumbs, type Crumb } from '@/components/breadcrumbs';
import { QueryView } from '@/components/query-view';
import { Badge } from '@/components/ui/badge';
import { Button, LinkButton } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { plural } from '@/lib/format';
import { PausedNote, QuoteButton } from '@/features/quote';
import { ReviewList } from '@/features/reviews';
import { useContractor } from './contractor-api';
import { ContractorLogo } from './components/ContractorLogo';
import { ContractorNotFound } from './components/ContractorNotFound';
import { CredentialsDetails } from './components/Credentials';
import { ProfilePhotos } from './components/ProfilePhotos';
import { ServiceAreaLink, ServiceLink } from './components/ProfilePlaceLinks';
import { RatingLine } from './components/StarRating';
import { localBusinessJsonLd } from './local-business';
import { isRated } from './rating';
import { useRegion } from '@/lib/region';

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          {icon}
          <span>{title}</span>
        </h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function NotFound() {
  return (
    <ContractorNotFound>
      <Button
        className="mt-6"
        variant="outline"
        onClick={() => {
          if (window.history.length > 1) window.history.back();
          else window.location.assign('/browse');
        }}
      >
        Go Back
      </Button>
    </ContractorNotFound>
  );
}

function Loading() {
  return (
    <div className="container mx-auto grid gap-4 px-4 py-8" role="status" aria-label="Loading contractor">
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-48 lg:col-span-2" />
        <Skeleton className="h-48" />
      </div>
    </div>
  );
}

/** The profile's meta description; the rating only once a published review stands behind it (docs/decisions/0094-no-rating-without-a-review.md). */
function profileDescription(c: ContractorProfile): string {
  const rated = isRated(c) ? ` Rated ${c.rating.toFixed(1)} from ${plural(c.reviewCount, 'review')}.` : '';
  return `${c.name} in ${c.location}: ${c.services.slice(0, 3).join(', ')}.${rated} Request a free quote.`.slice(
    0,
    300,
  );
}

function Profile({ c }: { c: ContractorProfile }) {
  const region = useRegion();
  const { siteUrl } = useSiteConfig();
  const crumbs: Crumb[] = [
    { label: 'Home', href: '/' },
    { label: 'Contractors', href: '/browse' },
    { label: c.name, href: `/contractor/${c.id}` },
  ];
  return (
    <div className="container mx-auto px-4 py-8">
      <Head
        title={`${c.name} - ${c.services[0] ?? 'Contractor'} in ${c.location} | ${region.siteTitle}`}
        description={profileDescription(c)}
        path={`/contractor/${c.id}`}
        canonicalUrl={c.canonicalUrl ?? undefined}
        ogType="profile"
        keywords={[c.name, ...c.services, `${c.city} contractor`, region.county]}
        jsonLd={[localBusinessJsonLd(c, siteUrl, region), breadcrumbJsonLd(crumbs, siteUrl)]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <header className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <div className="flex items-center gap-3">
            <ContractorLogo logo={c.logo} size={64} />
            <h1 className="text-3xl font-bold">{c.name}</h1>
          </div>
          <p className="flex items-center gap-1 text-muted-foreground">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {c.location}
          </p>
          {c.phone && (
            <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`} className="font-medium text-primary hover:underline">
              {c.phone}
            </a>
          )}
          {/* An unclaimed listing shows no rating (docs/decisions/0131-listing-claims.md); it has no reply record, photos or badges. */}
          {!c.unclaimed && <RatingLine rating={c.rating} reviewCount={c.reviewCount} />}
          {(c.replies || c.contacted) && (
            <p className="text-sm text-muted-foreground" data-testid="reply-record">
              {[
                c.replies,
                c.contacted &&
                  `${c.contacted.yes} of ${c.contacted.of} homeowners who answered say they were contacted`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
          {c.pausedUntil && <PausedNote pausedUntil={c.pausedUntil} />}
          <div className="flex flex-wrap gap-2">
            {c.unclaimed && <Badge variant="outline">Unclaimed</Badge>}
            {c.verified && (
              <Badge variant="success">
                <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
                Verified Licensed
              </Badge>
            )}
            {c.featured && <Badge variant="warning">Featured</Badge>}
          </div>
        </div>
        <QuoteButton contractor={c} size="lg" />
      </header>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <Section title="About" icon={<Award className="h-5 w-5 text-primary" aria-hidden="true" />}>
            <p className="whitespace-pre-line leading-relaxed">
              {c.unclaimed
                ? 'This listing was added from public records. Its business has not claimed it yet.'
                : c.description}
            </p>
            {/* Its owner's way to claim it (docs/decisions/0131-listing-claims.md). */}
            {c.unclaimed && (
              <LinkButton href={`/claim/${c.id}`} variant="outline" className="mt-4 whitespace-normal">
                Is this your business? Claim it
              </LinkButton>
            )}
          </Section>
          <ProfilePhotos photos={c.photos} contractorName={c.name} />
          <Section title="Services Offered" icon={<Wrench className="h-5 w-5 text-primary" aria-hidden="true" />}>
            <ul className="grid gap-2 sm:grid-cols-2">
              {c.services.map((s) => (
                <li key={s} className="flex items-center gap-2">
                  <span className="h-1.5 w-1.5 rounded-full bg-primary" aria-hidden="true" />
                  <ServiceLink name={s} />
                </li>
              ))}
            </ul>
          </Section>
          <Section
            title="License & Credentials"
            icon={<ShieldCheck className="h-5 w-5 text-primary" aria-hidden="true" />}
          >
            <CredentialsDetails c={c} rules={region.credentials} />
          </Section>
          {!c.unclaimed && <ReviewList contractorId={c.id} contractorName={c.name} />}
        </div>
        <div className="grid content-start gap-6">
          {/* An unclaimed listing's hours would be the defaults, not the business's. */}
          {!c.unclaimed && (
            <Section title="Business Hours" icon={<Clock className="h-5 w-5 text-primary" aria-hidden="true" />}>
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
                {hoursLines(c.businessHours).map((h) => (
                  <div key={h.days} className="contents">
                    <dt className="font-medium">{h.days}</dt>
                    <dd>{h.hours}</dd>
                  </div>
                ))}
              </dl>
            </Section>
          )}
          <Section title="Get Free Quote" icon={<CalendarDays className="h-5 w-5 text-primary" aria-hidden="true" />}>
            <p className="mb-4 text-sm text-muted-foreground">
              {`Tell ${c.name} about your project. ${c.responseTime === 'Within 24 hours' && !c.unclaimed ? 'Most requests get an answer within 24 hours.' : ''}`}
            </p>
            <QuoteButton contractor={c} className="w-full" />
          </Section>
          <Section title="Service Areas" icon={<MapPin className="h-5 w-5 text-primary" aria-hidden="true" />}>
            <ul className="flex flex-wrap gap-2">
              {c.serviceAreas.map((a) => (
                <li key={a}>
                  <ServiceAreaLink name={a} services={c.services} />
                </li>
              ))}
            </ul>
          </Section>
        </div>
      </div>
    </div>
  );
}

export default function ContractorPage({ params }: RouteInput) {
  const query = useContractor(params.id ?? '');
  return (
    <QueryView query={query} what="contractor" loading={<Loading />} error={() => <NotFound />}>
      {(c) => <Profile c={c} />}
    </QueryView>
  );
}
