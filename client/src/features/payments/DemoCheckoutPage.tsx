import { CircleAlert, ShoppingCart } from 'lucide-react';
import { formatMoney } from '@shared/money';
import { PLANS } from '@shared/plans';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { PlanFeatures } from '@/components/plan-features';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { ownPagePath, PRICING_PATH, SUBSCRIPTION_SUCCESS_PATH, useCompleteDemoCheckout } from './api';
import { DemoInProductionWarning } from './components/DemoInProductionWarning';
import { DemoNotice } from './components/DemoNotice';
import { ResultPanel } from './components/ResultPanel';
import { useRegion } from '@/lib/region';

/**
 * The demo provider's stand-in for the provider's hosted checkout page
 * (docs/decisions/0045-demo-provider.md). What it sells comes from the session's address; confirming is
 * the only call it makes.
 */
export default function DemoCheckoutPage({ search }: RouteInput) {
  const region = useRegion();
  const sessionId = search.get('session_id')?.trim() ?? '';
  const plan = PLANS.find((p) => p.id === search.get('plan') && p.priceCents > 0) ?? null;
  const complete = useCompleteDemoCheckout();
  const redirecting = complete.isSuccess;

  const confirm = () =>
    complete.mutate(sessionId, {
      // The confirmation page is ours: stay on the origin in use.
      onSuccess: ({ redirectUrl }) =>
        window.location.assign(ownPagePath(redirectUrl, SUBSCRIPTION_SUCCESS_PATH) ?? redirectUrl),
      onError: (error) =>
        toast({
          title: 'Error',
          description: messageOf(error, 'Failed to create subscription. Please try again.'),
          variant: 'destructive',
        }),
    });

  const top = (
    <>
      <Head
        title={`Demo Checkout | ${region.siteTitle}`}
        description="Demo checkout for a contractor plan. No card is charged."
        path="/demo-checkout"
        robots="noindex, nofollow"
      />
      <DemoInProductionWarning />
    </>
  );

  if (!sessionId) {
    return (
      <>
        {top}
        <ResultPanel
          tone="error"
          icon={CircleAlert}
          title="Invalid Session"
          actions={
            <LinkButton href={PRICING_PATH} size="lg">
              Return to Pricing
            </LinkButton>
          }
        >
          <p className="text-muted-foreground">This checkout link is incomplete. Choose a plan to start again.</p>
        </ResultPanel>
      </>
    );
  }

  return (
    <>
      {top}
      <div className="container mx-auto max-w-lg px-4 py-10 md:py-16">
        <Card className="grid gap-6 p-6 md:p-8" data-testid="demo-checkout">
          <div className="flex items-center gap-3">
            <span className="flex h-11 w-11 items-center justify-center rounded-full bg-secondary text-primary">
              <ShoppingCart className="h-5 w-5" aria-hidden="true" />
            </span>
            <div>
              <h1 className="text-2xl font-bold">Checkout</h1>
              <p className="text-sm text-muted-foreground">{region.siteTitle}</p>
            </div>
          </div>
          <DemoNotice>
            This page stands in for the payment provider's checkout. Confirming starts the plan without taking any
            payment.
          </DemoNotice>
          <div className="rounded-lg border p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2 className="whitespace-nowrap text-lg font-semibold">
                {plan ? `${plan.name} plan` : 'Contractor plan'}
              </h2>
              {plan && (
                <p className="whitespace-nowrap">
                  <span className="text-2xl font-bold" data-testid="checkout-price">
                    {formatMoney(plan.priceCents, { dropZeroCents: true })}
                  </span>
                  <span className="text-muted-foreground">/month</span>
                </p>
              )}
            </div>
            {plan && <PlanFeatures features={plan.features} className="mt-4" />}
          </div>
          <div className="grid gap-3">
            <Button size="lg" onClick={confirm} disabled={complete.isPending || redirecting}>
              {complete.isPending || redirecting ? 'Confirming...' : 'Confirm subscription'}
            </Button>
            <LinkButton href={PRICING_PATH} variant="outline" size="lg">
              Cancel
            </LinkButton>
          </div>
        </Card>
      </div>
    </>
  );
}
