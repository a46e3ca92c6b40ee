import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { LinkButton } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormNotice } from '@/components/ui/form-notice';

const nextSteps = [
  'We review your submission for completeness.',
  'We verify your licensing and insurance information.',
  'Once approved, your business appears in our contractor directory.',
  'You start receiving quote requests (leads) from local homeowners.',
];

/** notice: the form was sent without JavaScript, so the notice a toast gives otherwise is written above. */
export function SubmissionSuccess({ notice = false }: { notice?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form this replaces was below the fold: start reading from the top.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);

  return (
    <div className="container mx-auto grid max-w-2xl gap-4 px-4 py-12 md:py-16">
      {notice && (
        <FormNotice
          variant="success"
          title="Submission Received!"
          description="Your business information has been submitted for review."
        />
      )}
      <Card>
        <CardContent className="grid gap-6 p-6 text-center md:p-10">
          <CircleCheck className="mx-auto h-16 w-16 text-success" aria-hidden="true" />
          <div className="grid gap-3">
            <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none md:text-3xl">
              Thank You for Your Submission!
            </h1>
            <p className="text-muted-foreground">
              Your business information has been received and is under review. We'll contact you within 2-3 business
              days regarding your listing.
            </p>
          </div>
          <div className="rounded-lg bg-muted p-5 text-left">
            <h2 className="font-semibold">What Happens Next</h2>
            <ol className="mt-3 grid list-decimal gap-2 pl-5 text-sm">
              {nextSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
          <LinkButton href="/" size="lg" className="justify-self-center">
            Return to Homepage
          </LinkButton>
        </CardContent>
      </Card>
    </div>
  );
}
