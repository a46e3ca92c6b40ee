import { CircleAlert, CreditCard } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@shared/money';
import { PLANS, SUBSCRIPTION_STATUS_LABELS } from '@shared/plans';
import type { DemoBillingChange, DemoBillingState } from '@shared/schemas/billing';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { useRegion } from '@/lib/region';
import { useProgressiveForm } from '@/components/form';
import { QueryView } from '@/components/query-view';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { formatLongDate } from '@/lib/format';
import { ownPagePath } from './api';
import { useChangeDemoBilling, useDemoBilling } from './billing-api';
import { DemoInProductionWarning } from './components/DemoInProductionWarning';
import { DemoNotice } from './components/DemoNotice';
import { ResultPanel } from './components/ResultPanel';
import { TextField } from '@/components/form/text-field';

/**
 * The demo provider's stand-in for Stripe's customer portal (docs/decisions/0113-self-service-billing.md):
 * the same three things a contractor does there (card, plan switch, cancel at the end of the period),
 * each sent to the server, which changes the demo subscription and follows it as Stripe's event.
 */

const PORTAL_SUBSCRIPTION = '/contractor?section=subscription';

function CardForm({ onChange }: { onChange: (change: DemoBillingChange) => Promise<unknown> }) {
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/billing').then((m) => m.demoCardSchema),
    fallback: 'Failed to update the card',
    onProblem: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
    onValid: async (values) => {
      await onChange({ action: 'card', ...values });
      form.reset?.();
    },
  });
  return (
    <form {...form.props} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <TextField
        form={form}
        name="cardNumber"
        id="demo-card-number"
        label="Card number"
        hint="Demo: any 12 to 19 digits; only the last four are kept."
        inputMode="numeric"
        autoComplete="off"
      />
      <Button type="submit" variant="outline" disabled={form.pending}>
        {form.pending ? 'Saving...' : 'Update card'}
      </Button>
    </form>
  );
}

function Billing({ state, sessionId }: { state: DemoBillingState; sessionId: string }) {
  const change = useChangeDemoBilling(sessionId);
  const [confirming, setConfirming] = useState(false);
  const send = (c: DemoBillingChange, done: string) =>
    change.mutateAsync(c).then(
      () => toast({ title: 'Billing Updated', description: done }),
      (error: unknown) => {
        toast({
          title: 'Error',
          description: messageOf(error, 'Failed to update billing. Please try again.'),
          variant: 'destructive',
        });
        throw error;
      },
    );
  const live = state.plan !== 'free' && state.status !== 'canceled';
  const end = state.currentPeriodEnd ? formatLongDate(state.currentPeriodEnd) : null;
  const back = ownPagePath(state.returnUrl, '/contractor') ?? PORTAL_SUBSCRIPTION;

  return (
    <div className="grid gap-6">
      <section className="grid gap-2 rounded-lg border p-5" aria-labelledby="demo-billing-plan">
        <h2 id="demo-billing-plan" className="text-lg font-semibold">
          Current plan
        </h2>
        <p className="text-2xl font-bold" data-testid="demo-billing-plan">{`${state.planName} plan`}</p>
        <p className="text-sm text-muted-foreground">{SUBSCRIPTION_STATUS_LABELS[state.status]}</p>
        {live && end && (
          <p role="status" data-testid="demo-billing-renewal">
            {state.cancelAtPeriodEnd
              ? `Your plan will be canceled on ${end}. After that you move to the Free plan.`
              : `Your plan renews on ${end}.`}
          </p>
        )}
      </section>

      {live && (
        <section className="grid gap-3 rounded-lg border p-5" aria-labelledby="demo-billing-cancel">
          <h2 id="demo-billing-cancel" className="text-lg font-semibold">
            {state.cancelAtPeriodEnd ? 'Keep your plan' : 'Cancel plan'}
          </h2>
          {state.cancelAtPeriodEnd ? (
            <Button
              type="button"
              className="justify-self-start"
              disabled={change.isPending}
              onClick={() => void send({ action: 'resume' }, 'Your plan will renew.').catch(() => {})}
            >
              Keep my plan
            </Button>
          ) : confirming ? (
            <div className="grid gap-3">
              <p className="text-sm">{`Your plan stays until ${end ?? 'the end of the period'}, then you move to the Free plan.`}</p>
              <div className="flex flex-wrap gap-3">
                <Button
                  type="button"
                  variant="destructive"
                  disabled={change.isPending}
                  onClick={() =>
                    void send({ action: 'cancel' }, 'Your plan will end at the end of the period.').then(
                      () => setConfirming(false),
                      () => {},
                    )
                  }
                >
                  Confirm cancellation
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  disabled={change.isPending}
                  onClick={() => setConfirming(false)}
                >
                  Go back
                </Button>
              </div>
            </div>
          ) : (
            <Button type="button" variant="outline" className="justify-self-start" onClick={() => setConfirming(true)}>
              Cancel plan
            </Button>
          )}
        </section>
      )}

      {live && (
        <section className="grid gap-3 rounded-lg border p-5" aria-labelledby="demo-billing-switch">
          <h2 id="demo-billing-switch" className="text-lg font-semibold">
            Switch plan
          </h2>
          <div className="flex flex-wrap gap-3">
            {PLANS.filter((p) => p.priceCents > 0 && p.id !== state.plan).map((p) => (
              <Button
                key={p.id}
                type="button"
                variant="outline"
                disabled={change.isPending}
                onClick={() =>
                  void send(
                    { action: 'switch', planId: p.id as 'pro' | 'premium' },
                    `You are now on the ${p.name} plan.`,
                  ).catch(() => {})
                }
              >
                {`Switch to ${p.name} (${formatMoney(p.priceCents, { dropZeroCents: true })}/month)`}
              </Button>
            ))}
          </div>
        </section>
      )}

      {live && (
        <section className="grid gap-3 rounded-lg border p-5" aria-labelledby="demo-billing-card">
          <h2 id="demo-billing-card" className="flex items-center gap-2 text-lg font-semibold">
            <CreditCard className="h-5 w-5" aria-hidden="true" />
            Payment method
          </h2>
          <p className="text-sm" data-testid="demo-billing-card-on-file">
            {state.cardLast4 ? `Card ending in ${state.cardLast4}` : 'No card on file (demo).'}
          </p>
          <CardForm onChange={(c) => send(c, 'Your card was updated.')} />
        </section>
      )}

      <LinkButton href={back} variant="outline" size="lg">
        Return to the portal
      </LinkButton>
    </div>
  );
}

export default function DemoBillingPage({ search }: RouteInput) {
  const region = useRegion();
  const sessionId = search.get('session_id')?.trim() ?? '';
  const billing = useDemoBilling(sessionId);
  const top = (
    <>
      <Head
        title={`Manage Billing | ${region.siteTitle}`}
        description="Demo billing for a contractor plan. No card is charged."
        path="/demo-billing"
        robots="noindex, nofollow"
      />
      <DemoInProductionWarning />
    </>
  );
  const problem = (message: string, signIn = false) => (
    <>
      {top}
      <ResultPanel
        tone="error"
        icon={CircleAlert}
        title={signIn ? 'Please Sign In' : 'Invalid Session'}
        actions={
          <Button asChild size="lg">
            <Link href={signIn ? '/contractor/login' : PORTAL_SUBSCRIPTION}>
              {signIn ? 'Sign in' : 'Return to the portal'}
            </Link>
          </Button>
        }
      >
        <p className="text-muted-foreground">{message}</p>
      </ResultPanel>
    </>
  );

  if (!sessionId) return problem('This billing link is incomplete. Open Manage billing in the portal again.');
  const failed = (error: unknown) => {
    const signIn = error instanceof ApiError && error.status === 401;
    return problem(
      signIn
        ? 'Sign in to the contractor portal, then open Manage billing again.'
        : messageOf(error, 'This billing link is not valid.'),
      signIn,
    );
  };
  const page = (content: ReactNode) => (
    <>
      {top}
      <div className="container mx-auto max-w-2xl px-4 py-10 md:py-16">
        <Card className="grid gap-6 p-6 md:p-8" data-testid="demo-billing">
          <div>
            <h1 className="text-2xl font-bold">Manage Billing</h1>
            <p className="text-sm text-muted-foreground">{region.siteTitle}</p>
          </div>
          <DemoNotice>
            This page stands in for the payment provider's billing portal. Nothing here charges or refunds a card.
          </DemoNotice>
          {content}
        </Card>
      </div>
    </>
  );

  return (
    <QueryView
      query={billing}
      what="your billing"
      loading={page(<p className="text-muted-foreground">Loading your billing...</p>)}
      error={failed}
    >
      {(state) => page(<Billing state={state} sessionId={sessionId} />)}
    </QueryView>
  );
}
