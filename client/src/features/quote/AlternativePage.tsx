import { CheckCircle2, Clock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  ALTERNATIVE_LINK_INVALID,
  alternativePage,
  alternativeSentMessage,
  type AlternativeAnswer,
} from '@shared/schemas/lead-alternatives';
import { EmailedLinkPage } from '@/components/emailed-link-page';
import { LinkNotice } from '@/components/link-notice';
import { useProgressiveForm } from '@/components/form';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormNotice } from '@/components/ui/form-notice';
import { useRegion } from '@/lib/region';
import type { RouteInput } from '@/lib/route-input';
import { sendToAlternative, useAlternativeOffer } from './alternative-api';

function Sent({ offer }: { offer: AlternativeAnswer }) {
  return (
    <LinkNotice icon={CheckCircle2} title="Request sent">
      <p role="status" className="max-w-md text-muted-foreground">
        {alternativeSentMessage(offer.contractorName)}
      </p>
      <LinkButton
        href={`/contractor/${offer.contractorId}`}
        variant="outline"
        className="mt-2"
      >{`About ${offer.contractorName}`}</LinkButton>
    </LinkNotice>
  );
}

/** The choice: one button, a plain form posted to the page without JavaScript. */
function Offer({ token, offer, onSent }: { token: string; offer: AlternativeAnswer; onSent: () => void }) {
  const region = useRegion();
  const form = useProgressiveForm({
    posted: 'alternative',
    schema: () => import('@shared/schemas/alternative-choice').then((m) => m.alternativeChoiceSchema),
    fallback: 'Your request could not be sent. Please try again.',
    onValid: async () => {
      await sendToAlternative(token);
      onSent();
    },
  });
  return (
    <Card className="grid gap-4 p-6 sm:p-8">
      <h1 className="text-2xl font-bold">{`Send your request to ${offer.contractorName}?`}</h1>
      <p className="text-muted-foreground">
        {`The contractor you chose could not take your request for ${offer.serviceNeeded} in ${offer.location}. ${offer.contractorName} takes this kind of work there. If you send it, they get the details you gave ${region.siteTitle} and contact you directly. It is free, and nobody else gets it.`}
      </p>
      <form
        method="post"
        action={alternativePage.path(token)}
        {...form.props}
        className="grid gap-3"
        aria-label={`Send my request to ${offer.contractorName}`}
      >
        {form.problem && <FormNotice variant="destructive" title="Not sent" description={form.problem} />}
        <Button type="submit" variant="accent" size="lg" disabled={form.pending}>
          {form.pending ? 'Sending...' : 'Send my request to them'}
        </Button>
      </form>
      <Link
        href={`/contractor/${offer.contractorId}`}
        className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {`About ${offer.contractorName}`}
      </Link>
    </Card>
  );
}

/**
 * /alternatives/{token}: where a released request's email links land
 * (docs/decisions/0117-lead-routing.md). Opening the link changes nothing (mail scanners open
 * links); the button sends, with or without JavaScript (without, it lands on `?sent=1`).
 */
export default function AlternativePage({ params, search }: RouteInput) {
  const token = params.token ?? '';
  const query = useAlternativeOffer(token);
  const [sent, setSent] = useState(search.get('sent') === '1');

  const body = (offer: AlternativeAnswer): ReactNode => {
    if (sent && offer.state === 'used') return <Sent offer={offer} />;
    if (offer.state === 'used') {
      return (
        <LinkNotice
          icon={CheckCircle2}
          title="Already sent"
          message={`Your request was already sent to ${offer.contractorName}. They will contact you directly.`}
        />
      );
    }
    if (offer.state === 'expired') {
      return (
        <LinkNotice
          icon={Clock}
          title="This link has expired"
          status={410}
          message="These links work for two weeks. You can still find a contractor in the directory."
        >
          <LinkButton href="/browse" variant="outline" className="mt-2">
            Browse Contractors
          </LinkButton>
        </LinkNotice>
      );
    }
    return <Offer token={token} offer={offer} onSent={() => void query.refetch().then(() => setSent(true))} />;
  };

  return (
    <EmailedLinkPage
      title="Send Your Request"
      description="Send your quote request to another contractor."
      path={alternativePage.path(token)}
      query={query}
      what="link"
      invalid={ALTERNATIVE_LINK_INVALID}
    >
      {body}
    </EmailedLinkPage>
  );
}
