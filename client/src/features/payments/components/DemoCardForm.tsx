import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { confirmDemoPayment } from '../api';
import { formatPrice } from '@shared/money';
import { DemoNotice } from './DemoNotice';
import { paymentError, paymentFailed, type CardFormProps } from './payment-notices';

/** The demo provider's card form: two buttons that stand in for a card that is accepted or declined. */
export function DemoCardForm({ paymentIntentId, price, onPaid }: CardFormProps & { paymentIntentId: string }) {
  const [busy, setBusy] = useState<'succeed' | 'decline' | null>(null);

  const pay = async (outcome: 'succeed' | 'decline') => {
    setBusy(outcome);
    try {
      const result = await confirmDemoPayment(paymentIntentId, outcome);
      if (result.status === 'succeeded') {
        await onPaid(paymentIntentId);
        return;
      }
      paymentFailed(result.message);
    } catch (error) {
      paymentError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="grid gap-4">
      <DemoNotice>
        This site is running with demo payments. No card details are needed: choose a button to try a successful or a
        declined payment.
      </DemoNotice>
      <Button
        size="lg"
        className="w-full"
        onClick={() => void pay('succeed')}
        disabled={busy !== null}
        icon={CreditCard}
      >
        {busy === 'succeed' ? 'Processing...' : `Pay ${formatPrice(price)}`}
      </Button>
      <Button variant="outline" className="w-full" onClick={() => void pay('decline')} disabled={busy !== null}>
        {busy === 'decline' ? 'Processing...' : 'Simulate a declined card'}
      </Button>
    </div>
  );
}
