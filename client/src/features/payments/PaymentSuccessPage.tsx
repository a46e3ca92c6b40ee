import { CircleCheck, CircleX, Clock, Mail } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/lib/api';
import { LEADS_SECTION_PATH, PAYMENT_SUCCESS_PATH, useReportPaymentSuccess } from './api';
import { DemoInProductionWarning } from './components/DemoInProductionWarning';
import { PendingPanel, ResultPanel, SupportLine } from './components/ResultPanel';
import { withHours } from './components/text';
import { useRegion } from '@/lib/region';

function Actions() {
  return (
    <>
      <Button asChild size="lg">
        <Link href={LEADS_SECTION_PATH}>View My Leads</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link href="/">Return to Homepage</Link>
      </Button>
    </>
  );
}

/**
 * After a lead is paid for. Stripe comes back here with ?payment_intent=&redirect_status= when
 * the card needed a redirect: the server is told first, and it checks the payment with Stripe.
 */
export default function PaymentSuccessPage({ search }: RouteInput) {
  const region = useRegion();
  const paymentIntentId = search.get('payment_intent');
  const redirectStatus = search.get('redirect_status');
  const report = useReportPaymentSuccess();
  const { mutate } = report;
  const sent = useRef(false);
  const mustReport = Boolean(paymentIntentId) && redirectStatus === 'succeeded';

  useEffect(() => {
    if (!mustReport || sent.current) return;
    sent.current = true;
    mutate(paymentIntentId!);
  }, [mustReport, paymentIntentId, mutate]);

  const top = (
    <>
      <Head
        title={`Payment Successful | ${region.siteTitle}`}
        description="Your lead purchase is complete."
        path={PAYMENT_SUCCESS_PATH}
        robots="noindex, nofollow"
      />
      <DemoInProductionWarning />
    </>
  );

  if (paymentIntentId && redirectStatus && redirectStatus !== 'succeeded') {
    return (
      <>
        {top}
        <ResultPanel
          tone="error"
          icon={<CircleX className="h-9 w-9" aria-hidden="true" />}
          title="Payment Not Completed"
          actions={<Actions />}
        >
          <p className="text-muted-foreground">
            Your payment was not completed and you have not been charged. You can try again from the lead in your
            portal.
          </p>
          <SupportLine />
        </ResultPanel>
      </>
    );
  }
  if (mustReport && !report.isSuccess && !report.isError) {
    return (
      <>
        {top}
        <PendingPanel label="Confirming your payment..." />
      </>
    );
  }
  if (mustReport && report.isError) {
    return (
      <>
        {top}
        <ResultPanel
          tone="error"
          icon={<CircleX className="h-9 w-9" aria-hidden="true" />}
          title="We Couldn't Confirm Your Payment"
          actions={<Actions />}
        >
          <p className="text-muted-foreground">
            {messageOf(
              report.error,
              'The payment could not be confirmed yet. If you were charged, the lead will unlock in your portal shortly.',
            )}
          </p>
          <SupportLine />
        </ResultPanel>
      </>
    );
  }

  return (
    <>
      {top}
      <ResultPanel
        icon={<CircleCheck className="h-9 w-9" aria-hidden="true" />}
        title="Payment Successful!"
        actions={<Actions />}
        testId="payment-success"
      >
        <p className="text-muted-foreground">
          {"Thank you. The lead is yours, and the customer's details are now in your portal."}
        </p>
        <ul className="mx-auto grid max-w-md gap-3 text-left text-sm">
          <li className="flex items-start gap-3 rounded-md bg-secondary/60 p-3">
            <Mail className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
            {"The customer's contact details will be emailed to you shortly."}
          </li>
          <li className="flex items-start gap-3 rounded-md bg-secondary/60 p-3">
            <Clock className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
            {withHours('We advise contacting the customer within 24-48 hours, while the project is fresh.')}
          </li>
        </ul>
      </ResultPanel>
    </>
  );
}
