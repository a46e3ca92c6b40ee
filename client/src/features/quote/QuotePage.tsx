import { useLocation } from 'wouter';
import { formPages } from '@shared/forms';
import type { ContractorProfile } from '@shared/schemas/directory';
import { useSiteConfig } from '@/lib/site-config';
import { Head } from '@/components/head';
import { usePostedForm } from '@/lib/posted-form';
import type { RouteInput } from '@/lib/route-input';
import { breadcrumbJsonLd, Breadcrumbs, type Crumb } from '@/components/breadcrumbs';
import { QueryView } from '@/components/query-view';
import { Button, LinkButton } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormNotice } from '@/components/ui/form-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { ContractorList, ContractorNotFound, ContractorPlaceholders, useContractor } from '@/features/directory';
import { useOthers } from './api';
import { PausedNote } from './PausedNote';
import { QuoteForm } from './QuoteForm';
import { useRegion } from '@/lib/region';

/** The page's buttons under the form: send, or go back to the profile. */
function PageActions({ c, pending }: { c: ContractorProfile; pending: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" className="flex-1 sm:flex-none" disabled={pending}>
        {pending ? 'Sending...' : 'Send Quote Request'}
      </Button>
      <LinkButton href={`/contractor/${c.id}`} variant="outline" className="flex-1 sm:flex-none">
        Cancel
      </LinkButton>
    </div>
  );
}

function Sent({ c }: { c: ContractorProfile }) {
  return (
    <div className="grid gap-4">
      <FormNotice
        variant="success"
        title="Quote Request Sent!"
        description={`Your request has been sent to ${c.name}. They will contact you soon.`}
      />
      <div className="flex flex-wrap gap-2">
        <LinkButton href={`/contractor/${c.id}`}>{`Back to ${c.name}`}</LinkButton>
        <LinkButton href="/browse" variant="outline">
          Browse Contractors
        </LinkButton>
      </div>
    </div>
  );
}

/**
 * A paused contractor's quote page (docs/decisions/0117-lead-routing.md): the date it takes requests
 * again and up to three others of the county who take the same kind of work, in place of the form.
 */
function PausedBody({ c }: { c: ContractorProfile }) {
  const others = useOthers(c.id);
  return (
    <>
      <h1 className="mt-4 text-3xl font-bold">{`${c.name} is not taking new requests`}</h1>
      <PausedNote pausedUntil={c.pausedUntil!} className="mt-2 text-base" />
      <h2 className="mt-8 text-xl font-semibold">Other contractors who take the same kind of work</h2>
      <div className="mt-4">
        <QueryView
          query={others}
          what="other contractors"
          loading={<ContractorPlaceholders view="list" count={3} />}
          empty={<p className="text-muted-foreground">No other contractor here takes this kind of work just now.</p>}
        >
          {(list) => <ContractorList contractors={list} view="list" />}
        </QueryView>
      </div>
      <div className="mt-6 flex flex-wrap gap-2">
        <LinkButton href="/browse" variant="outline">
          Browse Contractors
        </LinkButton>
        <LinkButton href={`/contractor/${c.id}`} variant="outline">{`Back to ${c.name}`}</LinkButton>
      </div>
    </>
  );
}

function QuotePageBody({ c, sent }: { c: ContractorProfile; sent: boolean }) {
  const region = useRegion();
  const posted = usePostedForm('quote');
  const [, navigate] = useLocation();
  const { siteUrl } = useSiteConfig();
  const crumbs: Crumb[] = [
    { label: 'Home', href: '/' },
    { label: c.name, href: `/contractor/${c.id}` },
    { label: 'Request a Free Quote', href: formPages.quote.path(c.id) },
  ];
  return (
    <div className="container mx-auto max-w-2xl px-4 py-8">
      <Head
        title={`Request a Free Quote from ${c.name} | ${region.siteTitle}`}
        description={`Tell ${c.name} in ${c.location} about your project and get a free quote. It's free and there's no obligation.`}
        path={formPages.quote.path(c.id)}
        // One per contractor and nothing a search should land on: the profile is the page to find.
        robots="noindex, nofollow"
        jsonLd={[breadcrumbJsonLd(crumbs, siteUrl)]}
      />
      <Breadcrumbs crumbs={crumbs} />
      {c.pausedUntil && !sent ? (
        <PausedBody c={c} />
      ) : (
        <>
          <h1 className="mt-4 text-3xl font-bold">Request a Free Quote</h1>
          <p className="mt-2 text-muted-foreground">{`Tell ${c.name} about your project. It's free and there's no obligation.`}</p>
          <Card className="mt-6">
            <CardContent className="p-5 md:p-6">
              {sent && !posted ? (
                <Sent c={c} />
              ) : (
                // With JavaScript the page says it was sent as the form's own post would: at ?sent=1.
                <QuoteForm
                  contractor={c}
                  onSent={() => navigate(formPages.quote.done(c.id))}
                  actions={(form) => <PageActions c={c} pending={form.pending} />}
                />
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}

function NotFound() {
  return (
    <ContractorNotFound>
      <LinkButton href="/browse" className="mt-6" variant="outline">
        Browse Contractors
      </LinkButton>
    </ContractorNotFound>
  );
}

export default function QuotePage({ params, search }: RouteInput) {
  const query = useContractor(params.id ?? '');
  const loading = (
    <div className="container mx-auto grid max-w-2xl gap-4 px-4 py-8" role="status" aria-label="Loading contractor">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-96" />
    </div>
  );
  return (
    <QueryView query={query} what="contractor" loading={loading} error={() => <NotFound />}>
      {(c) => <QuotePageBody c={c} sent={search.get('sent') === '1'} />}
    </QueryView>
  );
}
