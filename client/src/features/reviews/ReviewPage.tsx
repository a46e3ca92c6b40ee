import { CheckCircle2, Clock, LinkIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { HIRE_ANSWER_LABELS, HIRE_ANSWERS, type HireAnswer, type ReviewInvitation } from '@shared/reviews';
import { Head } from '@/components/head';
import { LinkNotice } from '@/components/link-notice';
import type { RouteInput } from '@/lib/route-input';
import { QueryView } from '@/components/query-view';
import { LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { answerHire, REVIEW_POLICY_PATH, useInvitation } from './api';
import { PostButton } from '@/components/post-button';
import { FormNotice } from '@/components/ui/form-notice';
import { ReviewForm } from './components/ReviewForm';
import { useRegion } from '@/lib/region';

function PageHead({ token, contractorName }: { token: string; contractorName?: string }) {
  const region = useRegion();
  return (
    <Head
      title={`${contractorName ? `Review ${contractorName}` : 'Your review'} | ${region.siteTitle}`}
      description="Tell your neighbors how it went with the contractor you asked for a quote."
      path={`/review/${encodeURIComponent(token)}`}
      robots="noindex, nofollow"
    />
  );
}

const profileHref = (id: number) => `/contractor/${id}#reviews`;

function Thanks({ invitation, outcome }: { invitation: ReviewInvitation; outcome: 'published' | 'answered' }) {
  return (
    <LinkNotice
      icon={CheckCircle2}
      title={
        outcome === 'published'
          ? `Thank you${invitation.firstName ? `, ${invitation.firstName}` : ''}!`
          : 'You have already answered'
      }
    >
      <p role="status" className="max-w-md text-muted-foreground">
        {outcome === 'published'
          ? `Your review of ${invitation.contractorName} is published. It helps your neighbors choose.`
          : `This link has already been used to review ${invitation.contractorName}. Each request can be reviewed once. Thank you for your answer!`}
      </p>
      <LinkButton
        href={profileHref(invitation.contractorId)}
        className="mt-2"
      >{`See ${invitation.contractorName}'s reviews`}</LinkButton>
    </LinkNotice>
  );
}

const HIRE_THANKS: Record<HireAnswer, string> = {
  hired: 'Thank you. We noted that you hired them. Tell your neighbors how it went below.',
  not_yet: 'Thank you. We noted that you have not hired anyone yet.',
  not_contacted: 'Thank you. We noted that they never contacted you, and we told them.',
};

/**
 * "Did you hire them?" with one-click answers (docs/decisions/0128-request-page-and-replies.md): the
 * email links here with `?answer=`, which this button confirms (opening a link answers nothing, as
 * mail scanners open links); once answered, the thanks. The review form stays below either way.
 */
function HireQuestion({
  token,
  invitation,
  chosen,
  answered,
  onAnswered,
}: {
  token: string;
  invitation: ReviewInvitation;
  chosen: HireAnswer | null;
  answered: HireAnswer | null;
  onAnswered: (answer: HireAnswer) => void;
}) {
  const done = invitation.hireAnswer ?? answered;
  if (done) return <FormNotice variant="success" title="Answer noted" description={HIRE_THANKS[done]} />;
  if (!invitation.askHire) return null;
  const order = chosen ? [chosen, ...HIRE_ANSWERS.filter((a) => a !== chosen)] : HIRE_ANSWERS;
  return (
    <Card className="mt-6 grid gap-3 p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{`Did you hire ${invitation.contractorName}?`}</h2>
      {chosen && <p className="text-sm text-muted-foreground">Confirm your answer:</p>}
      {order.map((answer) => (
        <PostButton
          key={answer}
          action={`/review/${encodeURIComponent(token)}`}
          form="hire-answer"
          field="hireAnswer"
          value={answer}
          label={HIRE_ANSWER_LABELS[answer]}
          variant={answer === (chosen ?? 'hired') ? 'accent' : 'outline'}
          send={() => answerHire(token, answer).then(() => onAnswered(answer))}
        />
      ))}
    </Card>
  );
}

const asHireAnswer = (v: string | null): HireAnswer | null =>
  (HIRE_ANSWERS as readonly string[]).includes(v ?? '') ? (v as HireAnswer) : null;

/** /review/{token}: where the follow-up email's link lands (docs/decisions/0051-review-links.md). Never indexed; `?sent=1` after a form sent without JavaScript. */
export default function ReviewPage({ params, search }: RouteInput) {
  const region = useRegion();
  const token = params.token ?? '';
  // Where the form sent without JavaScript lands once the review is stored (docs/decisions/0024-review-form-without-javascript.md).
  const sent = search.get('sent') === '1';
  const query = useInvitation(token);
  const [outcome, setOutcome] = useState<'published' | 'answered' | null>(null);
  // The answer given with JavaScript; without it, the page the server renders after the post knows it (hireAnswer).
  const [hired, setHired] = useState<HireAnswer | null>(null);
  const invitation = query.data;

  const invalid = (
    <LinkNotice
      icon={LinkIcon}
      title="This review link is not valid"
      status={404}
      message="Please open the link exactly as it is in the email we sent you. Links from our follow-up emails work once, for 60 days."
    />
  );
  const loading = (
    <div role="status" aria-label="Loading" className="grid gap-4">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-48" />
    </div>
  );
  const body = (invitation: ReviewInvitation): ReactNode => {
    if (outcome || invitation.status === 'answered')
      return <Thanks invitation={invitation} outcome={outcome ?? (sent ? 'published' : 'answered')} />;
    if (invitation.status === 'expired') {
      return (
        <LinkNotice
          icon={Clock}
          title="This review link has expired"
          status={410}
          message={`Review links work for 60 days after our email, so this one can no longer be used to review ${invitation.contractorName}.`}
        >
          <LinkButton href={REVIEW_POLICY_PATH} variant="outline" className="mt-2">
            Our review policy
          </LinkButton>
        </LinkNotice>
      );
    }
    return (
      <>
        <h1 className="text-2xl font-bold sm:text-3xl">{`How did it go with ${invitation.contractorName}?`}</h1>
        <p className="mt-2 text-muted-foreground">
          {`${invitation.firstName ? `Hello ${invitation.firstName}, you` : 'You'} asked ${invitation.contractorName} for a quote for ${invitation.serviceNeeded} through ${region.siteTitle}. Your answer helps your neighbors choose a contractor.`}
        </p>
        <HireQuestion
          token={token}
          invitation={invitation}
          chosen={asHireAnswer(search.get('answer'))}
          answered={hired}
          onAnswered={setHired}
        />
        <Card className="mt-6 p-5 sm:p-6">
          <ReviewForm token={token} invitation={invitation} onDone={setOutcome} />
        </Card>
      </>
    );
  };

  return (
    <div className="container mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <PageHead token={token} contractorName={invitation?.contractorName} />
      <QueryView query={query} what="review link" loading={loading} error={() => invalid}>
        {body}
      </QueryView>
    </div>
  );
}
