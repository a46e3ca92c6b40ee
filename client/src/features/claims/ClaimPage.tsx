import { CheckCircle2, MapPin, SearchX } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ClaimTarget } from '@shared/schemas/listing-claims';
import { Head } from '@/components/head';
import { LinkNotice } from '@/components/link-notice';
import { QueryError, QueryView } from '@/components/query-view';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormNotice } from '@/components/ui/form-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { SetupForm } from '@/features/portal';
import { useRegion } from '@/lib/region';
import type { RouteInput } from '@/lib/route-input';
import { useClaimTarget } from './api';
import { ChooseChannel, type CodeSent } from './ChooseChannel';
import { DocumentClaim } from './DocumentClaim';
import { EnterCode } from './EnterCode';

type Step =
  | { kind: 'choose'; chosen?: CodeSent['channel'] }
  | { kind: 'document' }
  | { kind: 'document-sent'; message: string }
  | { kind: 'code'; sent: CodeSent }
  | { kind: 'password'; email: string; setupCode: string }
  | { kind: 'done'; email: string };

const mailLink = 'font-medium text-primary underline-offset-4 hover:underline';

/** The way by a document (no channel, or one the owner cannot reach): an administrator checks it; or the site's support by email. */
function ByDocument({ id, why, onSent }: { id: string; why: string; onSent: (message: string) => void }) {
  const { supportEmail } = useRegion();
  return (
    <>
      <p className="text-sm">
        {`${why} Send a document that proves the business is yours: an administrator checks it and emails you. You can also email it to `}
        <a href={`mailto:${supportEmail}`} className={mailLink}>
          {supportEmail}
        </a>
        .
      </p>
      <DocumentClaim id={id} onSent={onSent} />
    </>
  );
}

function StepHeading({ step, children }: { step?: number; children: ReactNode }) {
  return (
    <h2 className="text-lg font-semibold">
      {step && <span className="text-sm font-normal text-muted-foreground">{`Step ${step} of 3: `}</span>}
      {children}
    </h2>
  );
}

const linkButton = 'h-auto justify-self-center whitespace-normal p-0';

/** The password is set: on to the portal's sign-in. The focus moves to what the page says now. */
function Done({ email, name }: { email: string; name: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid justify-items-center gap-3 text-center">
      <CheckCircle2 className="h-8 w-8 text-success" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        Your account is ready
      </h2>
      <p className="text-sm text-muted-foreground">
        {`Sign in with ${email} and your new password to see the requests for ${name}.`}
      </p>
      <LinkButton href="/contractor/login" className="mt-2">
        Sign in to the portal
      </LinkButton>
    </div>
  );
}

/** The three steps on one page: where the code goes, the code, the password; or a document for an administrator. */
function Claim({ id, target }: { id: string; target: ClaimTarget }) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const several = target.channels.length > 1;
  let body: ReactNode;
  switch (step.kind) {
    case 'choose':
      body = (
        <>
          {target.channels.length === 0 ? (
            <StepHeading>Send a document</StepHeading>
          ) : (
            <StepHeading step={1}>Get a code</StepHeading>
          )}
          {target.channels.length === 0 ? (
            <ByDocument
              id={id}
              why="This listing has no phone number or email address we can send a code to."
              onSent={(message) => setStep({ kind: 'document-sent', message })}
            />
          ) : (
            <>
              <ChooseChannel
                id={id}
                target={target}
                chosen={step.chosen}
                onSent={(sent) => setStep({ kind: 'code', sent })}
              />
              <Button type="button" variant="link" className={linkButton} onClick={() => setStep({ kind: 'document' })}>
                Cannot use this phone or email? Send a document instead
              </Button>
            </>
          )}
        </>
      );
      break;
    case 'document':
      body = (
        <>
          <StepHeading>Send a document</StepHeading>
          <ByDocument id={id} why="No code needed." onSent={(message) => setStep({ kind: 'document-sent', message })} />
          <Button type="button" variant="link" className={linkButton} onClick={() => setStep({ kind: 'choose' })}>
            Get a code instead
          </Button>
        </>
      );
      break;
    case 'document-sent':
      body = <FormNotice variant="success" title="Document sent" description={step.message} />;
      break;
    case 'code':
      body = (
        <>
          <StepHeading step={2}>Enter the code</StepHeading>
          <EnterCode
            key={step.sent.channel}
            id={id}
            sent={step.sent}
            onVerified={(v) => setStep({ kind: 'password', email: v.email, setupCode: v.setupCode })}
            onChooseAnother={several ? () => setStep({ kind: 'choose', chosen: step.sent.channel }) : undefined}
          />
        </>
      );
      break;
    case 'password':
      body = (
        <>
          <StepHeading step={3}>Choose your password</StepHeading>
          <p className="text-sm text-muted-foreground">
            {`The listing is yours. Your portal account is ${step.email}: choose its password to see the requests for ${target.name} and edit the listing.`}
          </p>
          <SetupForm
            defaultEmail={step.email}
            defaultToken={step.setupCode}
            tokenHint="Filled in for you: the code your claim gave."
            onComplete={(email) => setStep({ kind: 'done', email })}
          />
        </>
      );
      break;
    case 'done':
      body = <Done email={step.email} name={target.name} />;
      break;
  }
  return (
    <Card className="grid gap-5 p-5 sm:p-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">{`Claim ${target.name}`}</h1>
        <p className="flex items-center gap-1 text-muted-foreground">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
          {target.location}
        </p>
      </div>
      {body}
    </Card>
  );
}

function NotClaimable({ id }: { id: string }) {
  const { supportEmail } = useRegion();
  return (
    <LinkNotice
      icon={SearchX}
      title="This listing cannot be claimed"
      status={404}
      message={
        <>
          {'It may have been claimed already, or it is not a listing added from public records. For help, email '}
          <a href={`mailto:${supportEmail}`} className={mailLink}>
            {supportEmail}
          </a>
          .
        </>
      }
    >
      {/^\d+$/.test(id) && (
        <LinkButton href={`/contractor/${id}`} variant="outline" className="mt-2">
          View the listing
        </LinkButton>
      )}
    </LinkNotice>
  );
}

const notFound = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 404 || status === 400;
};

/**
 * /claim/{id}: the owner of an unclaimed listing claims it (docs/decisions/0131-listing-claims.md)
 * with a code sent to the listing's own phone or email, then chooses a password through the
 * first-time setup. Never indexed; what the listing holds is shown masked only.
 */
export default function ClaimPage({ params }: RouteInput) {
  const id = params.id ?? '';
  const region = useRegion();
  const query = useClaimTarget(id);
  return (
    <div className="container mx-auto max-w-xl px-4 py-6 sm:py-12">
      <Head
        title={`Claim Your Listing | ${region.siteTitle}`}
        description="Claim your business's free listing: prove it is yours with a code, then choose a password."
        path={`/claim/${id}`}
        robots="noindex, nofollow"
      />
      <QueryView
        query={query}
        what="listing"
        loading={
          <div role="status" aria-label="Loading" className="grid gap-4">
            <Skeleton className="h-9 w-2/3" />
            <Skeleton className="h-48" />
          </div>
        }
        error={(error, retry) =>
          notFound(error) ? <NotClaimable id={id} /> : <QueryError what="listing" error={error} onRetry={retry} />
        }
      >
        {(target) => <Claim id={id} target={target} />}
      </QueryView>
    </div>
  );
}
