import { CircleCheck, CircleX, Clock, Mail } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { LinkButton } from '@/components/ui/button';
import { messageOf } from '@/lib/api';
import { LEADS_SECTION_PATH, PAYMENT_SUCCESS_PATH, useReportPaymentSuccess } from './api';
import { DemoInProductionWarning } from './components/DemoInProductionWarning';
import { IconList } from './components/IconList';
import { PendingPanel, ResultPanel, SupportLine } from './components/ResultPanel';
import { withHours } from './components/text';
import { useRegion } from '@/lib/region';

const PAID_LEAD = [
  { icon: Mail, text: "The customer's contact details will be emailed to you shortly." },
  { icon: Clock, text: withHours('We advise contacting the customer within 24-48 hours, while the project is fresh.') },
];

function Actions() {
  return (
    <>
      <LinkButton href={LEADS_SECTION_PATH} size="lg">
        View My Leads
      </LinkButton>
      <LinkButton href="/" size="lg" variant="outline">
        Return to Homepage
      </LinkButton>
    </>
  );
}

/** A payment that failed or could not be confirmed: why, and where to turn. */
function NotConfirmed({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ResultPanel tone="error" icon={CircleX} title={title} actions={<Actions />}>
      <p className="text-muted-foreground">{children}</p>
      <SupportLine />
    </ResultPanel>
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

  return (
    <>
      <Head
        title={`Payment Successful | ${region.siteTitle}`}
        description="Your lead purchase is complete."
        path={PAYMENT_SUCCESS_PATH}
        robots="noindex, nofollow"
      />
      <DemoInProductionWarning />
      {paymentIntentId && redirectStatus && redirectStatus !== 'succeeded' ? (
        <NotConfirmed title="Payment Not Completed">
          Your payment was not completed and you have not been charged. You can try again from the lead in your portal.
        </NotConfirmed>
      ) : mustReport && !report.isSuccess && !report.isError ? (
        <PendingPanel label="Confirming your payment..." />
      ) : mustReport && report.isError ? (
        <NotConfirmed title="We Couldn't Confirm Your Payment">
          {messageOf(
            report.error,
            'The payment could not be confirmed yet. If you were charged, the lead will unlock in your portal shortly.',
          )}
        </NotConfirmed>
      ) : (
        <ResultPanel icon={CircleCheck} title="Payment Successful!" actions={<Actions />} testId="payment-success">
          <p className="text-muted-foreground">
            {"Thank you. The lead is yours, and the customer's details are now in your portal."}
          </p>
          <IconList
            items={PAID_LEAD}
            className="mx-auto grid max-w-md gap-3 text-left text-sm"
            itemClassName="gap-3 rounded-md bg-secondary/60 p-3"
          />
        </ResultPanel>
      )}
    </>
  );
}
