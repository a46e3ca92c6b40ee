import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { CreditCard, Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { PAYMENT_SUCCESS_PATH } from './api';
import { paymentError, paymentFailed, type CardFormProps } from './components/payment-notices';
import { formatPrice } from '@shared/money';

/**
 * Stripe's Payment Element. This module is loaded with React.lazy by the buy-lead page only,
 * and Stripe.js itself with a dynamic import, so no other page carries Stripe code.
 */

const loaded = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js per key; a failed load resolves to null (and may be retried after a reload). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let p = loaded.get(publishableKey);
  if (!p) {
    p = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey)).catch(() => null);
    loaded.set(publishableKey, p);
  }
  return p;
}

function LoadFailed() {
  return (
    <div role="alert" className="grid gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <p className="font-medium">The card form could not be loaded.</p>
      <p className="text-muted-foreground">
        Check your connection, then reload the page to try again. You have not been charged.
      </p>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}

function CardForm({ price, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${PAYMENT_SUCCESS_PATH}` },
        redirect: 'if_required',
      });
      if (error) {
        if (error.type === 'card_error' || error.type === 'validation_error') paymentFailed(error.message);
        else paymentError();
        return;
      }
      if (paymentIntent?.status === 'succeeded') {
        await onPaid(paymentIntent.id);
        return;
      }
      if (paymentIntent?.status === 'processing') {
        toast({
          title: 'Payment Processing',
          description:
            "Your payment is being processed. We'll email you the customer's details as soon as it completes.",
        });
        return;
      }
      paymentError();
    } catch (error) {
      paymentError(error);
    } finally {
      setBusy(false);
    }
  };

  if (failed) return <LoadFailed />;
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Card payment">
      {!ready && <Skeleton className="h-40" />}
      <PaymentElement onReady={() => setReady(true)} onLoadError={() => setFailed(true)} />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!stripe || !elements || !ready || busy}
        icon={CreditCard}
      >
        {busy ? 'Processing...' : `Pay ${formatPrice(price)}`}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
        <Lock className="h-3.5 w-3.5" aria-hidden="true" />
        Card details are sent securely to Stripe and never stored on our servers.
      </p>
    </form>
  );
}

export default function StripeCardForm({
  publishableKey,
  clientSecret,
  ...props
}: CardFormProps & { publishableKey: string; clientSecret: string }) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void stripe.then((s) => {
      if (live && !s) setUnavailable(true);
    });
    return () => {
      live = false;
    };
  }, [stripe]);

  if (unavailable) return <LoadFailed />;
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#1d5a3c', borderRadius: '6px' } },
      }}
    >
      <CardForm {...props} />
    </Elements>
  );
}
