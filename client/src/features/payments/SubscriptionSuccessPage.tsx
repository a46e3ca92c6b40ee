import { BadgeCheck, CircleAlert, Star } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { planById, type SubscriptionStatus } from '@shared/plans';
import type { VerifySubscriptionResponse } from '@shared/schemas/payments';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { LinkButton } from '@/components/ui/button';
import { messageOf } from '@/lib/api';
import { formatLongDate } from '@/lib/format';
import { CONTRACTOR_LOGIN_PATH, PRICING_PATH, useVerifySubscription } from './api';
import { DemoInProductionWarning } from './components/DemoInProductionWarning';
import { PendingPanel, ResultPanel, SupportLine } from './components/ResultPanel';
import { withHours } from './components/text';
import { useRegion } from '@/lib/region';

const STATUS_TEXT: Record<SubscriptionStatus, string> = {
  none: 'is not active yet',
  active: 'is active',
  trialing: 'is active (trial)',
  past_due: 'is waiting for a payment',
  canceled: 'has been canceled',
  incomplete: 'is waiting for the first payment',
  incomplete_expired: 'has expired',
  unpaid: 'is waiting for a payment',
  paused: 'is paused',
};

function ReturnToPricing() {
  return (
    <LinkButton href={PRICING_PATH} size="lg">
      Return to Pricing
    </LinkButton>
  );
}

function InvalidSession({ message }: { message: string }) {
  return (
    <ResultPanel
      tone="error"
      icon={CircleAlert}
      title="Invalid Session"
      actions={<ReturnToPricing />}
      testId="invalid-session"
    >
      <p className="text-muted-foreground">{message}</p>
    </ResultPanel>
  );
}

function Confirmed({ result }: { result: VerifySubscriptionResponse }) {
  const plan = planById(result.plan);
  const steps = [
    'Sign in to the contractor portal to see your plan, its status and your lead credits.',
    `As homeowners ask for quotes, leads arrive by email and in My Leads with the customer's name, email and phone, using your ${plan.leadCredits} lead credits a month.`,
    'Contact each customer within 24-48 hours and track every lead from contacted to won in My Leads.',
  ];
  return (
    <ResultPanel
      icon={BadgeCheck}
      title="Subscription Confirmed!"
      testId="subscription-confirmed"
      actions={
        <>
          <LinkButton href={CONTRACTOR_LOGIN_PATH} size="lg">
            Go to Contractor Portal
          </LinkButton>
          <LinkButton href={PRICING_PATH} size="lg" variant="outline">
            View Plans
          </LinkButton>
        </>
      }
    >
      <p className="text-lg">
        {'Your '}
        <strong data-testid="subscribed-plan">{result.planName}</strong>
        {` plan ${STATUS_TEXT[result.status]}.`}
      </p>
      <p className="text-muted-foreground">
        {`${plan.leadCredits} leads per month`}
        {result.currentPeriodEnd ? ` · renews ${formatLongDate(result.currentPeriodEnd)}` : ''}
      </p>
      {plan.featuredListing && (
        <p className="mx-auto flex max-w-md items-start gap-2 rounded-md border border-warning-foreground/25 bg-warning p-3 text-left text-sm text-warning-foreground">
          <Star className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          Your listing now appears among the featured contractors on the homepage.
        </p>
      )}
      <div className="mt-2 rounded-lg bg-muted p-5 text-left">
        <h2 className="font-semibold">What Happens Next?</h2>
        <ol className="mt-3 grid list-decimal gap-2 pl-5 text-sm">
          {steps.map((step) => (
            <li key={step}>{withHours(step)}</li>
          ))}
        </ol>
      </div>
      <SupportLine />
    </ResultPanel>
  );
}

/** Where the provider's checkout returns: the server checks the session with the provider before anything changes. */
export default function SubscriptionSuccessPage({ search }: RouteInput) {
  const region = useRegion();
  const sessionId = search.get('session_id')?.trim() ?? '';
  const verify = useVerifySubscription();
  const { mutate } = verify;
  const sent = useRef(false);

  useEffect(() => {
    if (!sessionId || sent.current) return;
    sent.current = true;
    mutate(sessionId);
  }, [sessionId, mutate]);

  let body;
  if (!sessionId) body = <InvalidSession message="This page needs a checkout session. Choose a plan to start one." />;
  else if (verify.isError)
    body = <InvalidSession message={messageOf(verify.error, 'We could not confirm this checkout session.')} />;
  else if (verify.data) body = <Confirmed result={verify.data} />;
  else body = <PendingPanel label="Confirming your subscription..." />;

  return (
    <>
      <Head
        title={`Subscription Confirmation | ${region.siteTitle}`}
        description="Confirmation of your contractor plan."
        path="/subscription-success"
        robots="noindex, nofollow"
      />
      <DemoInProductionWarning />
      {body}
    </>
  );
}
