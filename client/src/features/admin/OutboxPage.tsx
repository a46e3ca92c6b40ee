import { ChevronRight, Mail, MessageSquareText, RotateCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { OutboxMessage, OutboxStatus } from '@shared/schemas/admin';
import { EmptyState, QueryError } from '@/components/query-view';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime, plural } from '@/lib/format';
import { useOutbox, useOutboxMessage, useResendOutboxMessage, type OutboxFilter } from './api';
import { PageHeader } from './components/PageHeader';
import { AdminList } from './components/AdminList';
import { StatusQueue, type QueueTab } from './components/StatusQueue';
import { useRegion } from '@/lib/region';
import { toastError } from '@/components/ui/toast-problem';

const PAGE_SIZE = 25;

const TABS: QueueTab<OutboxFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Waiting' },
  { value: 'sent', label: 'Sent' },
  { value: 'kept', label: 'Kept' },
];

/** 'lead_delivered' -> 'Lead delivered' */
const kindLabel = (kind: string) => {
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : kind;
};

const STATUS_VARIANT: Record<OutboxStatus, Parameters<typeof Badge>[0]['variant']> = {
  pending: 'warning',
  sent: 'success',
  failed: 'destructive',
  kept: 'outline',
};

/** Where a message stands (docs/decisions/0009-email.md): a waiting one that has failed before is being retried. */
function statusLabel(m: Pick<OutboxMessage, 'status' | 'attempts'>): string {
  if (m.status === 'pending') return m.attempts ? 'Retrying' : 'Queued';
  return { sent: 'Sent', failed: 'Failed', kept: 'Kept' }[m.status];
}

/** A text has no subject: it is shown by its first line (docs/decisions/0118-text-messages.md). */
const titleOf = (m: Pick<OutboxMessage, 'channel' | 'subject' | 'text'>) =>
  m.channel === 'text' ? (m.text.split('\n', 1)[0] ?? '') : m.subject;

/** Why a kept message was not sent: no mail server for an email, no Twilio for a text. */
const keptBecause = (m: Pick<OutboxMessage, 'channel'>) =>
  m.channel === 'text' ? ' (Twilio is not configured)' : ' (no mail server is configured)';

/** Texts are marked beside the emails; an email carries no mark, as before texts. */
function ChannelBadge({ m }: { m: Pick<OutboxMessage, 'channel'> }) {
  if (m.channel !== 'text') return null;
  return (
    <Badge variant="outline" className="shrink-0 gap-1 font-normal" data-testid="outbox-channel">
      <MessageSquareText className="h-3 w-3" aria-hidden="true" />
      Text
    </Badge>
  );
}

/** Production without Twilio's settings: texts are written but never sent, and the administrator is told so. */
function TextsNotSentNotice() {
  return (
    <div
      role="note"
      data-testid="texts-not-sent"
      className="mb-4 flex items-start gap-3 rounded-md border border-warning-foreground/25 bg-warning p-4 text-sm text-warning-foreground"
    >
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <p>
        <strong className="font-semibold">Text messages are not sent.</strong> Twilio is not configured
        (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM), so texts to contractors are kept here (Kept) instead of
        being sent; contractors still get their emails.
      </p>
    </div>
  );
}

function StatusBadge({ m }: { m: Pick<OutboxMessage, 'status' | 'attempts'> }) {
  return (
    <Badge variant={STATUS_VARIANT[m.status]} className="shrink-0" data-testid="outbox-status">
      {statusLabel(m)}
    </Badge>
  );
}

function MessageDialog({ selected, onClose }: { selected: OutboxMessage | null; onClose: () => void }) {
  const { timeZone } = useRegion();
  const query = useOutboxMessage(selected?.id ?? null, selected ?? undefined);
  const resend = useResendOutboxMessage();
  const m = query.data ?? selected;
  const onResend = (id: number) =>
    resend.mutate(id, {
      onSuccess: () => {
        toast({ title: 'Queued again', description: 'The message will be sent again in a moment.' });
        void query.refetch();
      },
      onError: (e) => toastError(e, 'Failed to queue the message again'),
    });
  return (
    <Dialog open={selected !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="pr-6">
            {m ? (m.channel === 'text' ? 'Text message' : m.subject) : 'Message'}
          </DialogTitle>
          <DialogDescription asChild>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-medium text-foreground">To</dt>
              <dd className="break-all">{m?.to}</dd>
              {m?.channel === 'text' ? (
                <>
                  <dt className="font-medium text-foreground">Channel</dt>
                  <dd>Text message</dd>
                </>
              ) : null}
              <dt className="font-medium text-foreground">Kind</dt>
              <dd>{m ? kindLabel(m.kind) : ''}</dd>
              <dt className="font-medium text-foreground">Date</dt>
              <dd>{m ? formatDateTime(m.createdAt, timeZone) : ''}</dd>
              <dt className="font-medium text-foreground">Status</dt>
              <dd data-testid="outbox-message-status">
                {m
                  ? `${statusLabel(m)}${m.sentAt ? ` ${formatDateTime(m.sentAt, timeZone)}` : ''}${m.status === 'kept' ? keptBecause(m) : `, ${plural(m.attempts, 'attempt')}`}`
                  : ''}
              </dd>
              {m?.lastError ? (
                <>
                  <dt className="font-medium text-foreground">Last error</dt>
                  <dd className="break-words" data-testid="outbox-message-error">
                    {m.lastError}
                  </dd>
                </>
              ) : null}
            </dl>
          </DialogDescription>
        </DialogHeader>
        {m?.status === 'failed' ? (
          <div>
            <Button type="button" onClick={() => onResend(m.id)} disabled={resend.isPending} icon={RotateCw}>
              {resend.isPending ? 'Sending...' : 'Send again'}
            </Button>
          </div>
        ) : null}
        {/* The list's copy of the message shows while it is asked again; an error only when there is no text at all. */}
        {query.isError && !m?.text ? (
          <QueryError what="the message" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <pre
            className="max-h-[60dvh] overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted/50 p-4 font-mono text-sm"
            data-testid="outbox-message-text"
          >
            {m?.text}
          </pre>
        )}
      </DialogContent>
    </Dialog>
  );
}

function MessageItem({ m, onSelect }: { m: OutboxMessage; onSelect: (m: OutboxMessage) => void }) {
  const { timeZone } = useRegion();
  return (
    <button
      type="button"
      onClick={() => onSelect(m)}
      className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      data-testid="outbox-item"
    >
      <span className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[1fr_auto] sm:gap-x-6">
        <span className="line-clamp-2 font-medium sm:line-clamp-1">{titleOf(m)}</span>
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground sm:col-start-1">
          <span className="min-w-0 truncate">{`To ${m.to}`}</span>
          <ChannelBadge m={m} />
          <Badge variant="secondary" className="shrink-0 font-normal">
            {kindLabel(m.kind)}
          </Badge>
          <StatusBadge m={m} />
        </span>
        <span className="whitespace-nowrap text-xs text-muted-foreground sm:col-start-2 sm:row-span-2 sm:row-start-1 sm:self-center sm:text-right">
          {formatDateTime(m.createdAt, timeZone)}
        </span>
      </span>
      <ChevronRight className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
    </button>
  );
}

/** One status's page of messages. */
const useOutboxPage = (status: OutboxFilter, page: number) => useOutbox(page, PAGE_SIZE, status);

export default function OutboxPage() {
  const [selected, setSelected] = useState<OutboxMessage | null>(null);
  // The All tab's first page, which the page opens on: it also says whether texts are sent.
  const textsNotSent = useOutbox(1, PAGE_SIZE, 'all').data?.textsNotSent ?? false;

  return (
    <>
      <PageHeader
        title="Outbox"
        description="Every email the site sends (setup codes, lead notices, receipts) and where it stands: sent, waiting for a retry, failed (send it again), or kept here when no mail server is configured. Text messages to contractors are listed here too."
        path="/admin/outbox"
      />
      {textsNotSent ? <TextsNotSentNotice /> : null}
      <StatusQueue tabs={TABS} initial="all" label="Message status" perRow={3} useItems={useOutboxPage}>
        {({ filter, query, onPage }) => (
          <AdminList
            query={query}
            what="messages"
            listLabel="Messages"
            items={(d) => d.items}
            itemKey={(m) => m.id}
            count={(d) => `${plural(d.total, 'message')}, newest first`}
            empty={
              <EmptyState icon={<Mail className="h-8 w-8" aria-hidden="true" />}>
                <p>{filter === 'all' ? 'No messages yet.' : 'No messages here.'}</p>
              </EmptyState>
            }
            pager={{ label: 'Message pages', onPage }}
            item={(m) => <MessageItem m={m} onSelect={setSelected} />}
          />
        )}
      </StatusQueue>
      <MessageDialog selected={selected} onClose={() => setSelected(null)} />
    </>
  );
}
