import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { PLANS, type Plan, type PlanId } from '@shared/plans';
import type { PortalProfile } from '@shared/schemas/portal';
import { useSiteConfig } from '@/lib/site-config';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { toast } from '@/components/ui/use-toast';
import { profileKey } from '@/features/portal';
import { ApiError, getQueryFn, messageOf } from '@/lib/api';
import { CONTRACTOR_LOGIN_PATH, DEMO_CHECKOUT_PATH, ownPagePath, PRICING_PATH, useCreateSubscription } from './api';
import { DemoInProductionWarning } from './components/DemoInProductionWarning';
import { DemoNotice } from './components/DemoNotice';
import { HowItWorks } from './components/HowItWorks';
import { LeadPriceTable } from './components/LeadPriceTable';
import { PlanCard } from './components/PlanCard';
import { useRegion } from '@/lib/region';

const paidPlan = (value: string | null): Exclude<PlanId, 'free'> | null =>
  value === 'pro' || value === 'premium' ? value : null;

/**
 * The demo provider's checkout is this site's own /demo-checkout page: it is opened on the origin
 * the visitor is using (the server's public address may name another host), with the plan just
 * chosen when the link does not name it. Stripe's checkout address is left as it is.
 */
export function demoCheckoutUrl(url: string, planId: PlanId): string {
  const own = ownPagePath(url, DEMO_CHECKOUT_PATH);
  if (own === null) return url;
  const u = new URL(own, 'http://x');
  if (!u.searchParams.has('plan')) u.searchParams.set('plan', planId);
  return `${u.pathname}${u.search}`;
}

/** Where an anonymous contractor signs in before coming back to the plan it chose. */
export const loginForPlan = (planId: PlanId) =>
  `${CONTRACTOR_LOGIN_PATH}?next=${encodeURIComponent(`${PRICING_PATH}?plan=${planId}`)}`;

/** Public plan comparison (server rendered). Choosing a paid plan opens the provider's checkout. */
export default function ContractorPricingPage({ search }: RouteInput) {
  const region = useRegion();
  const { payments } = useSiteConfig();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const create = useCreateSubscription();
  const [pendingPlan, setPendingPlan] = useState<PlanId | null>(null);

  // Back from sign-in with ?plan=: the checkout starts by itself once we know who is signed in.
  const requested = paidPlan(search.get('plan'));
  const profile = useQuery<PortalProfile | null>({
    queryKey: profileKey,
    queryFn: getQueryFn<PortalProfile>({ on401: 'returnNull' }),
    enabled: requested !== null,
  });
  const autoStarted = useRef(false);

  const choose = (plan: Plan) => {
    if (plan.id === 'free') {
      toast({
        title: 'Free Plan',
        description: "You're already on the free plan! Submit your business to get started.",
      });
      return;
    }
    setPendingPlan(plan.id);
    create.mutate(plan.id, {
      onSuccess: ({ subscriptionUrl }) => {
        // The button keeps saying 'Redirecting' while the provider's page loads.
        window.location.assign(demoCheckoutUrl(subscriptionUrl, plan.id));
      },
      onError: (error) => {
        setPendingPlan(null);
        if (error instanceof ApiError && error.status === 401) {
          // Whatever the cache said, there is no contractor session: the login page must not bounce back.
          queryClient.setQueryData(profileKey, null);
          toast({
            title: 'Sign In Required',
            description: `Sign in to your contractor account to choose the ${plan.name} plan.`,
          });
          navigate(loginForPlan(plan.id));
          return;
        }
        toast({
          title: 'Error',
          description: messageOf(error, 'Failed to create subscription. Please try again.'),
          variant: 'destructive',
        });
      },
    });
  };

  // Back from the checkout page, the browser may restore this page as it was left ('Redirecting...').
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => {
      if (e.persisted) setPendingPlan(null);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  // Reads the latest `choose` and `navigate` without making them reasons to run again.
  const startRequested = useEffectEvent((planId: string) => {
    // Without ?plan=, Back from the checkout page does not start another checkout.
    navigate(PRICING_PATH, { replace: true });
    choose(PLANS.find((p) => p.id === planId)!);
  });

  // Once, when the profile is known.
  useEffect(() => {
    if (!requested || !profile.data || autoStarted.current) return;
    autoStarted.current = true;
    startRequested(requested);
  }, [requested, profile.data]);

  return (
    <>
      <Head
        title={`Contractor Plans & Pricing | ${region.siteTitle}`}
        description={`Plans for contractors listed in the ${region.displayName} directory: Free with 2 leads a month, Pro at $45 with 9 leads, Premium at $100 with 20 leads and featured homepage placement.`}
        path={PRICING_PATH}
        keywords={[
          `${region.county} contractor leads`,
          'contractor lead plans',
          `home improvement leads ${region.stateName}`,
        ]}
      />
      <DemoInProductionWarning />
      <div className="container mx-auto max-w-6xl px-4 py-10 md:py-14">
        <header className="mx-auto max-w-3xl text-center">
          <h1 className="text-3xl font-bold tracking-tight md:text-4xl">Plans for Contractors</h1>
          <p className="mt-4 text-lg text-muted-foreground">
            {`Get quote requests from homeowners across ${region.displayName}. Every plan includes lead credits each month; paid plans include more, and Premium features your business on the homepage.`}
          </p>
        </header>

        {payments.provider === 'demo' && (
          <DemoNotice className="mx-auto mt-8 max-w-2xl">
            Choosing a paid plan opens a demo checkout page; you can confirm or cancel it.
          </DemoNotice>
        )}

        <div className="mt-10 grid items-stretch gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              onChoose={() => choose(plan)}
              pending={pendingPlan === plan.id}
              disabled={pendingPlan !== null}
              selected={requested === plan.id}
            />
          ))}
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Prices are per month. Leads beyond your monthly credits can be bought one at a time.
        </p>

        <div className="mt-14">
          <LeadPriceTable />
        </div>

        <div className="mt-14">
          <HowItWorks />
        </div>

        <div className="mt-12 flex flex-col items-center gap-2 text-center text-sm sm:flex-row sm:justify-center sm:gap-6">
          <Link href="/submit-business" className="font-medium text-primary underline-offset-4 hover:underline">
            Not listed yet? Submit your business
          </Link>
          <Link href={CONTRACTOR_LOGIN_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
            Already listed? Sign in to the contractor portal
          </Link>
        </div>
      </div>
    </>
  );
}
