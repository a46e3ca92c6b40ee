import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';

/** The error catalogue's payment notices, in one place for both card forms. */

export const PAYMENT_ERROR_FALLBACK = 'Something went wrong processing your payment.';

/** The card was declined or its details are wrong: the provider's message, and the page stays. */
export function paymentFailed(message: string | undefined) {
  toast({ title: 'Payment Failed', description: message || 'Your card was declined.', variant: 'destructive' });
}

/** Anything else that went wrong while paying. */
export function paymentError(error?: unknown) {
  toast({ title: 'Payment Error', description: messageOf(error, PAYMENT_ERROR_FALLBACK), variant: 'destructive' });
}

export interface CardFormProps {
  /** '25.00' */
  price: string;
  /** Called once the provider reports the payment succeeded; reports it to the server and leaves the page. */
  onPaid: (paymentIntentId: string) => Promise<void>;
}
