import { Link } from 'wouter';
import { formPages, HONEYPOT_FIELD, type PostedForm } from '@shared/forms';
import { region } from '@shared/region';
import type { ContractorProfile } from '@shared/schemas/directory';
import type { QuoteForm } from '@shared/schemas/leads';
import { useSiteConfig } from '@/app/config';
import { Head } from '@/app/head';
import { postedText, usePostedForm } from '@/app/posted-form';
import type { RouteInput } from '@/app/route-input';
import { useHttpStatus } from '@/app/server-context';
import { breadcrumbJsonLd, Breadcrumbs, type Crumb } from '@/components/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { describedBy, Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useContractor } from '@/features/directory';

const FIELDS: (keyof QuoteForm)[] = ['name', 'email', 'phone', 'serviceNeeded', 'location', 'projectDetails', 'budgetRange'];

/**
 * The quote form as a page of its own, for visitors without JavaScript (the 'Get Free Quote'
 * link leads here until the page's JavaScript turns it into the dialog's button). A plain HTML
 * form posted to this address; the server answers a refused one with this page, the fields kept
 * and their errors shown, and a sent one with a redirect to `?sent=1`
 * (docs/decisions/0023-forms-without-javascript.md).
 */
function QuoteRequestForm({ c, posted }: { c: ContractorProfile; posted: PostedForm | null }) {
  const errors: Partial<Record<string, string>> = posted?.errors ?? {};
  const firstError = FIELDS.find((f) => errors[f]);
  const control = (name: keyof QuoteForm, id: string) => ({
    id,
    name,
    defaultValue: postedText(posted, name),
    // The browser focuses the first field to fix as the answer loads, without JavaScript.
    autoFocus: firstError === name || undefined,
    ...describedBy(id, errors[name]),
  });

  return (
    <form method="post" action={formPages.quote.path(c.id)} noValidate className="grid gap-4">
      {posted && <FormNotice variant="destructive" title="Error" description={posted.message || 'Failed to send quote request. Please try again.'} />}
      <Field id="quote-name" label="Your Name" error={errors.name}>
        <Input autoComplete="name" {...control('name', 'quote-name')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="quote-email" label="Email" error={errors.email}>
          <Input type="email" autoComplete="email" {...control('email', 'quote-email')} />
        </Field>
        <Field id="quote-phone" label="Phone" error={errors.phone}>
          <Input type="tel" autoComplete="tel" {...control('phone', 'quote-phone')} />
        </Field>
      </div>
      <Field id="quote-service" label="Service Needed" error={errors.serviceNeeded}>
        <NativeSelect {...control('serviceNeeded', 'quote-service')}>
          <option value="">Select a service</option>
          {region.quoteServices.map((o) => (
            <option key={o.value} value={o.label}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="quote-location" label="Project Location" error={errors.location}>
        <Input placeholder={`e.g. ${region.towns[0]!.name}, ${region.state}`} autoComplete="address-level2" {...control('location', 'quote-location')} />
      </Field>
      <Field id="quote-details" label="Project Details" error={errors.projectDetails}>
        <Textarea rows={5} placeholder="What would you like done, and when?" {...control('projectDetails', 'quote-details')} />
      </Field>
      <Field id="quote-budget" label="Budget Range (optional)" error={errors.budgetRange}>
        <NativeSelect {...control('budgetRange', 'quote-budget')}>
          <option value="">Select a budget range</option>
          {region.budgetOptions.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="hidden" aria-hidden="true">
        <label htmlFor="quote-company-fax">Company fax</label>
        <input id="quote-company-fax" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="flex-1 sm:flex-none">
          Send Quote Request
        </Button>
        <Button asChild variant="outline" className="flex-1 sm:flex-none">
          <Link href={`/contractor/${c.id}`}>Cancel</Link>
        </Button>
      </div>
    </form>
  );
}

function Sent({ c }: { c: ContractorProfile }) {
  return (
    <div className="grid gap-4">
      <FormNotice variant="success" title="Quote Request Sent!" description={`Your request has been sent to ${c.name}. They will contact you soon.`} />
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link href={`/contractor/${c.id}`}>{`Back to ${c.name}`}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/browse">Browse Contractors</Link>
        </Button>
      </div>
    </div>
  );
}

function QuotePageBody({ c, sent }: { c: ContractorProfile; sent: boolean }) {
  const posted = usePostedForm('quote');
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
      <h1 className="mt-4 text-3xl font-bold">Request a Free Quote</h1>
      <p className="mt-2 text-muted-foreground">{`Tell ${c.name} about your project. It's free and there's no obligation.`}</p>
      <Card className="mt-6">
        <CardContent className="p-5 md:p-6">{sent && !posted ? <Sent c={c} /> : <QuoteRequestForm c={c} posted={posted} />}</CardContent>
      </Card>
    </div>
  );
}

function NotFound() {
  useHttpStatus(404);
  return (
    <div className="container mx-auto flex flex-col items-center px-4 py-24 text-center">
      <Head title={`Contractor Not Found | ${region.siteTitle}`} description="This contractor is not listed." path="/browse" robots="noindex, follow" />
      <h1 className="text-2xl font-bold">Contractor Not Found</h1>
      <p className="mt-2 text-muted-foreground">The contractor you're looking for doesn't exist or has been removed.</p>
      <Button asChild className="mt-6" variant="outline">
        <Link href="/browse">Browse Contractors</Link>
      </Button>
    </div>
  );
}

export default function QuotePage({ params, search }: RouteInput) {
  const query = useContractor(params.id ?? '');
  if (query.isError) return <NotFound />;
  if (!query.data) {
    return (
      <div className="container mx-auto grid max-w-2xl gap-4 px-4 py-8" role="status" aria-label="Loading contractor">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  return <QuotePageBody c={query.data} sent={search.get('sent') === '1'} />;
}
