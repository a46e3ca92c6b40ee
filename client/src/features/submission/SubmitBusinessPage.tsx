import { useState } from 'react';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { Card, CardContent } from '@/components/ui/card';
import { BenefitCards } from './components/BenefitCards';
import { SubmissionForm } from './components/SubmissionForm';
import { SubmissionSuccess } from './components/SubmissionSuccess';
import { useRegion } from '@/lib/region';

export default function SubmitBusinessPage({ search }: RouteInput) {
  const region = useRegion();
  // Without JavaScript a sent form is answered with a redirect here (docs/decisions/0023-forms-without-javascript.md).
  const redirected = search.get('submitted') === '1';
  const [submitted, setSubmitted] = useState(false);

  return (
    <>
      <Head
        title={`Submit Your Business | ${region.siteTitle}`}
        description={`List your building or home-improvement business in the ${region.displayName} contractor directory. Submit your details for review and start receiving quote requests from local homeowners.`}
        path="/submit-business"
        // Spec: search engines are told not to follow links from this page.
        robots={redirected ? 'noindex, nofollow' : 'index, nofollow'}
        keywords={[
          `${region.county} contractors`,
          'list your contracting business',
          `contractor directory ${region.stateName}`,
        ]}
      />
      {submitted || redirected ? (
        <SubmissionSuccess notice={redirected} />
      ) : (
        <div className="container mx-auto max-w-5xl px-4 py-10 md:py-14">
          <header className="mx-auto max-w-3xl text-center">
            <h1 className="text-3xl font-bold tracking-tight md:text-4xl">Submit Your Business</h1>
            <p className="mt-4 text-lg text-muted-foreground">
              {`Join the ${region.siteTitle} directory and connect with homeowners across ${region.displayName} looking for licensed, insured local professionals. Tell us about your business and our team will review your listing.`}
            </p>
          </header>
          <div className="mt-10">
            <BenefitCards />
          </div>
          <Card className="mt-10">
            <CardContent className="p-5 md:p-8">
              <SubmissionForm onSubmitted={() => setSubmitted(true)} />
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
