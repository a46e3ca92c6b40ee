import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDay } from '@shared/credentials';
import { formPages } from '@shared/forms';
import {
  REQUEST_LINK_INVALID,
  requestPage,
  type HomeownerAnswer,
  type RequestEvent,
  type RequestPageAnswer,
} from '@shared/schemas/request-page';
import { EmailedLinkPage } from '@/components/emailed-link-page';
import { PostButton } from '@/components/post-button';
import { Card } from '@/components/ui/card';
import { FormNotice } from '@/components/ui/form-notice';
import { formatDateTime } from '@/lib/format';
import { useRegion } from '@/lib/region';
import type { RouteInput } from '@/lib/route-input';
import { answerRequest, sendFromRequest, useRequestPage } from './request-api';

const ANSWER_LABELS: Record<HomeownerAnswer, string> = { hired: 'I hired them', still_looking: "I'm still looking" };
const ANSWER_WORDS: Record<HomeownerAnswer | 'not_contacted', string> = {
  hired: 'You told us you hired them.',
  still_looking: "You told us you're still looking.",
  not_contacted: 'You told us they never contacted you.',
};

function Alternatives({
  token,
  event,
  onDone,
}: {
  token: string;
  event: Extract<RequestEvent, { kind: 'released' }>;
  onDone: () => void;
}) {
  if (event.alternatives.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Link href="/browse" className="font-medium text-primary underline-offset-4 hover:underline">
          Browse Contractors
        </Link>{' '}
        to find another.
      </p>
    );
  return (
    <ul className="mt-2 grid gap-3">
      {event.alternatives.map((a) => (
        <li key={a.id} className="grid gap-2 rounded-md border p-3">
          <Link
            href={`/contractor/${a.contractorId}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {a.contractorName}
          </Link>
          {a.state === 'open' ? (
            <PostButton
              action={requestPage.path(token)}
              form="request"
              field="alternativeId"
              value={String(a.id)}
              label={`Send my request to ${a.contractorName}`}
              variant="outline"
              send={() => sendFromRequest(token, a.id).then(onDone)}
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              {a.state === 'used' ? 'Your request was sent to them.' : 'This offer has expired.'}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What one step of the request says. */
function EventText({ event, token, onDone }: { event: RequestEvent; token: string; onDone: () => void }): ReactNode {
  switch (event.kind) {
    case 'sent':
      return <p>{`You sent your request to ${event.contractorName}.`}</p>;
    case 'held':
      return <p>We are checking your request before passing it on.</p>;
    case 'not-passed':
      return <p>Your request was not passed on.</p>;
    case 'delivered':
      return (
        <p>
          {event.hasDetails
            ? `${event.contractorName} has your details and will contact you.`
            : `Passed to ${event.contractorName}. They see your details once they accept it.`}
        </p>
      );
    case 'released':
      return (
        <div>
          <p>{`${event.contractorName} cannot take your request. These contractors take this kind of work; send it to the one you choose:`}</p>
          <Alternatives token={token} event={event} onDone={onDone} />
        </div>
      );
    case 'reply':
      return (
        <div className="grid gap-1">
          <p className="font-medium">{`${event.contractorName} replied:`}</p>
          {event.message ? (
            <p className="whitespace-pre-wrap rounded-md bg-secondary p-3">{event.message}</p>
          ) : (
            <p className="text-muted-foreground">(The message was erased.)</p>
          )}
          {event.estimate && <p>{`Estimate: ${event.estimate}`}</p>}
          {event.visitDate && <p>{`Proposed visit: ${formatDay(event.visitDate)}`}</p>}
        </div>
      );
    case 'called':
      return <p>{`${event.contractorName} says they called you.`}</p>;
    case 'answer':
      return <p>{ANSWER_WORDS[event.answer]}</p>;
    case 'withdrawn':
      return <p>You withdrew this request. It is passed to no one.</p>;
    case 'marked':
      // The administrator's thread only.
      return null;
  }
}

function Request({
  token,
  request,
  notice,
  onChange,
}: {
  token: string;
  request: RequestPageAnswer;
  notice: string | null;
  onChange: () => void;
}) {
  const region = useRegion();
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-bold">{`Your request for ${request.serviceNeeded}`}</h1>
        <p className="text-muted-foreground">
          {`${request.location} · sent ${formatDateTime(request.askedAt, region.timeZone)}`}
        </p>
      </div>
      {notice && <FormNotice variant="success" title="Thank you" description={notice} />}
      {request.canAnswer.length > 0 && (
        <Card className="grid gap-3 p-4 sm:p-6">
          <h2 className="text-lg font-semibold">How is it going?</h2>
          {request.canAnswer.map((answer) => (
            <PostButton
              key={answer}
              action={requestPage.path(token)}
              form="request"
              field="answer"
              value={answer}
              label={ANSWER_LABELS[answer]}
              variant={answer === 'hired' ? 'accent' : 'outline'}
              send={() => answerRequest(token, answer).then(onChange)}
            />
          ))}
        </Card>
      )}
      <Card className="p-4 sm:p-6">
        <h2 className="mb-3 text-lg font-semibold">What happened</h2>
        <ol className="grid gap-4" aria-label="What happened, newest first">
          {request.events.map((event, i) => (
            <li key={`${event.kind}-${event.at}-${i}`} className="grid gap-1 border-l-2 border-primary/40 pl-3">
              <time dateTime={event.at} className="text-xs text-muted-foreground">
                {formatDateTime(event.at, region.timeZone)}
              </time>
              <EventText event={event} token={token} onDone={onChange} />
            </li>
          ))}
        </ol>
      </Card>
      {!request.withdrawn && (
        <Link
          href={`${formPages.withdraw.path}?token=${encodeURIComponent(token)}`}
          className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Withdraw my request
        </Link>
      )}
    </div>
  );
}

/**
 * /requests/{token}: a quote request's own page, from its confirmation email
 * (docs/decisions/0128-request-page-and-replies.md). No sign-in; noindex; made for a phone first;
 * every answer works without JavaScript.
 */
export default function RequestPage({ params, search }: RouteInput) {
  const token = params.token ?? '';
  const query = useRequestPage(token);
  const notice =
    search.get('sent') === '1'
      ? 'Your request was sent. They will contact you directly.'
      : search.get('answered') === '1'
        ? 'We noted your answer.'
        : null;
  return (
    <EmailedLinkPage
      title="Your Request"
      description="What became of your quote request."
      path={requestPage.path(token)}
      query={query}
      what="request"
      invalid={REQUEST_LINK_INVALID}
    >
      {(request) => <Request token={token} request={request} notice={notice} onChange={() => void query.refetch()} />}
    </EmailedLinkPage>
  );
}
