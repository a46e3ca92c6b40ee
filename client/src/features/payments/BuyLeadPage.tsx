import { CircleCheck, Mail, MapPin, ShieldCheck, User, Wrench } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { PaymentIntentResponse } from '@shared/schemas/payments';
import { useSiteConfig } from '@/lib/site-config';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { PAYMENT_SUCCESS_PATH, useCreatePaymentIntent, useReportPaymentSuccess } from './api';
import { DemoInProductionWarning } from './components/DemoInProductionWarning';
import { DemoCardForm } from './components/DemoCardForm';
import { paymentError } from './components/payment-notices';
import { IconList } from './components/IconList';
import { formatPrice } from '@shared/money';
import { useRegion } from '@/lib/region';

/** Stripe's form (and Stripe.js) load only when this page needs them, never with the demo provider. */
const StripeCardForm = lazy(() => import('./StripeCardForm'));

const positiveId = (value: string | null) =>
  value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[1rem_1fr] gap-x-3">
      <dt className="contents">
        <span className="row-span-2 mt-0.5 text-primary">{icon}</span>
        <span className="text-sm text-muted-foreground">{label}</span>
      </dt>
      <dd className="col-start-2 min-w-0 break-words font-medium">{children}</dd>
    </div>
  );
}

function LeadSummary({ intent }: { intent: PaymentIntentResponse }) {
  const lead = intent.leadDetails;
  return (
    <Card className="grid content-start gap-5 p-5 md:p-6" data-testid="lead-details">
      <h2 className="text-lg font-semibold">Lead details</h2>
      <dl className="grid gap-4">
        <Detail icon={<User className="h-4 w-4" aria-hidden="true" />} label="Customer">
          {lead.customerName}
        </Detail>
        <Detail icon={<Wrench className="h-4 w-4" aria-hidden="true" />} label="Service">
          {lead.serviceNeeded}
        </Detail>
        <Detail icon={<MapPin className="h-4 w-4" aria-hidden="true" />} label="Location">
          {lead.location}
        </Detail>
      </dl>
      <div className="flex items-baseline justify-between border-t pt-4">
        <span className="text-sm text-muted-foreground">Lead price</span>
        <span className="text-2xl font-bold" data-testid="lead-price">
          {formatPrice(lead.price)}
        </span>
      </div>
    </Card>
  );
}

const AFTER_YOU_PAY = [
  { icon: CircleCheck, text: "The customer's full name, email and phone appear in your portal." },
  { icon: Mail, text: 'We email you the details and a receipt.' },
  { icon: ShieldCheck, text: 'The lead is yours alone: it is not sold to another contractor.' },
];

function AfterYouPay() {
  return (
    <div className="rounded-md bg-secondary/60 p-4 text-sm">
      <h3 className="font-medium">After you pay</h3>
      <IconList items={AFTER_YOU_PAY} className="mt-2 grid gap-1.5" itemClassName="gap-2" />
    </div>
  );
}

function Loading() {
  return (
    <div role="status" aria-label="Preparing your payment" className="grid gap-6 md:grid-cols-5">
      <Skeleton className="h-80 md:col-span-2" />
      <Skeleton className="h-80 md:col-span-3" />
    </div>
  );
}

/** /buy-lead?leadId=&contractorId=: one lead, paid by card (or with the demo provider's buttons). */
export default function BuyLeadPage({ search }: RouteInput) {
  const region = useRegion();
  const { payments } = useSiteConfig();
  const [, navigate] = useLocation();
  const init = useCreatePaymentIntent();
  const { mutate: initialise } = init;
  const report = useReportPaymentSuccess();
  const started = useRef(false);
  const leadId = positiveId(search.get('leadId'));
  const contractorId = positiveId(search.get('contractorId'));

  useEffect(() => {
    // Effects run twice in development; the payment must be initialised once.
    if (started.current) return;
    started.current = true;
    if (leadId === null || contractorId === null) {
      // When this is the app's first render the toaster subscribes after this effect: notify just after it.
      queueMicrotask(() => {
        toast({
          title: 'Missing Information',
          description: 'Lead ID and Contractor ID are required.',
          variant: 'destructive',
        });
        navigate('/', { replace: true });
      });
      return;
    }
    initialise(
      { leadId, contractorId },
      {
        onError: (error) => {
          toast({
            title: 'Error',
            description: messageOf(error, 'Failed to initialize payment. Please try again.'),
            variant: 'destructive',
          });
          navigate('/', { replace: true });
        },
      },
    );
  }, [leadId, contractorId, initialise, navigate]);

  /** The provider says the payment went through: the server checks it, unlocks the lead, and we say so. */
  const onPaid = async (paymentIntentId: string) => {
    try {
      await report.mutateAsync(paymentIntentId);
    } catch (error) {
      paymentError(error);
      return;
    }
    toast({ title: 'Payment Successful!', description: "The customer's details are now in your portal." });
    navigate(PAYMENT_SUCCESS_PATH);
  };

  const intent = init.data;
  const provider = intent?.provider ?? payments.provider;
  return (
    <>
      <Head
        title={`Buy a Lead | ${region.siteTitle}`}
        description="Pay for a homeowner's quote request to receive the customer's contact details."
        path="/buy-lead"
        robots="noindex, nofollow"
      />
      <DemoInProductionWarning />
      <div className="container mx-auto max-w-5xl px-4 py-8 md:py-12">
        <header className="mb-8 max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight">Buy This Lead</h1>
          <p className="mt-2 text-muted-foreground">
            {"Pay once to unlock the customer's name, email and phone number, and contact them about their project."}
          </p>
        </header>
        {!intent ? (
          <Loading />
        ) : (
          <div className="grid items-start gap-6 md:grid-cols-5">
            <div className="md:col-span-2">
              <LeadSummary intent={intent} />
            </div>
            <Card className="grid gap-5 p-5 md:col-span-3 md:p-6">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">Payment</h2>
                <p className="text-sm text-muted-foreground">{`Total ${formatPrice(intent.leadDetails.price)}, one time`}</p>
              </div>
              {provider === 'demo' ? (
                <DemoCardForm
                  paymentIntentId={intent.paymentIntentId}
                  price={intent.leadDetails.price}
                  onPaid={onPaid}
                />
              ) : payments.publishableKey ? (
                <Suspense fallback={<Skeleton className="h-56" />}>
                  <StripeCardForm
                    publishableKey={payments.publishableKey}
                    clientSecret={intent.clientSecret}
                    price={intent.leadDetails.price}
                    onPaid={onPaid}
                  />
                </Suspense>
              ) : (
                <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm">
                  Card payments are not available right now. Please try again later; you have not been charged.
                </p>
              )}
              <AfterYouPay />
            </Card>
          </div>
        )}
      </div>
    </>
  );
}
