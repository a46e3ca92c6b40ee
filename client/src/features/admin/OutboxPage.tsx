import { ChevronRight, Mail } from 'lucide-react';
import { useState } from 'react';
import type { OutboxMessage } from '@shared/schemas/admin';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useOutbox, useOutboxMessage } from './api';
import { PageHeader } from './components/PageHeader';
import { Pager } from './components/Pager';
import { QueryError } from './components/QueryError';

const PAGE_SIZE = 25;

/** 'lead_delivered' -> 'Lead delivered' */
const kindLabel = (kind: string) => {
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : kind;
};

function MessageDialog({ selected, onClose }: { selected: OutboxMessage | null; onClose: () => void }) {
  const query = useOutboxMessage(selected?.id ?? null, selected ?? undefined);
  const m = query.data ?? selected;
  return (
    <Dialog open={selected !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="pr-6">{m?.subject ?? 'Message'}</DialogTitle>
          <DialogDescription asChild>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-medium text-foreground">To</dt>
              <dd className="break-all">{m?.to}</dd>
              <dt className="font-medium text-foreground">Kind</dt>
              <dd>{m ? kindLabel(m.kind) : ''}</dd>
              <dt className="font-medium text-foreground">Date</dt>
              <dd>{m ? formatDateTime(m.createdAt) : ''}</dd>
            </dl>
          </DialogDescription>
        </DialogHeader>
        {query.isError && !m?.text ? (
          <QueryError error={query.error} what="the message" onRetry={() => void query.refetch()} />
        ) : (
          <pre className="max-h-[60dvh] overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted/50 p-4 font-mono text-sm" data-testid="outbox-message-text">
            {m?.text}
          </pre>
        )}
      </DialogContent>
    </Dialog>
  );
}

export default function OutboxPage() {
  const [page, setPage] = useState(1);
  const query = useOutbox(page, PAGE_SIZE);
  const [selected, setSelected] = useState<OutboxMessage | null>(null);
  const data = query.data;

  return (
    <>
      <PageHeader title="Outbox" description="Email the site has sent, kept here when no mail server is configured: setup codes, lead notices and receipts." path="/admin/outbox" />
      {query.isError ? (
        <Card className="p-8">
          <QueryError error={query.error} what="messages" onRetry={() => void query.refetch()} />
        </Card>
      ) : !data ? (
        <Card className="grid gap-3 p-4" role="status" aria-label="Loading messages">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </Card>
      ) : data.items.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-10 text-center text-muted-foreground">
          <Mail className="h-8 w-8" aria-hidden="true" />
          <p>No messages yet.</p>
        </Card>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted-foreground">{`${data.total} ${data.total === 1 ? 'message' : 'messages'}, newest first`}</p>
          <Card className={query.isPlaceholderData ? 'opacity-70 transition-opacity' : undefined}>
            <ul className="divide-y" aria-label="Messages">
              {data.items.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    onClick={() => setSelected(m)}
                    className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
                    data-testid="outbox-item"
                  >
                    <span className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[1fr_auto] sm:gap-x-6">
                      <span className="line-clamp-2 font-medium sm:line-clamp-1">{m.subject}</span>
                      <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground sm:col-start-1">
                        <span className="min-w-0 truncate">{`To ${m.to}`}</span>
                        <Badge variant="secondary" className="shrink-0 font-normal">
                          {kindLabel(m.kind)}
                        </Badge>
                      </span>
                      <span className="whitespace-nowrap text-xs text-muted-foreground sm:col-start-2 sm:row-span-2 sm:row-start-1 sm:self-center sm:text-right">{formatDateTime(m.createdAt)}</span>
                    </span>
                    <ChevronRight className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          </Card>
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} label="Message pages" />
        </>
      )}
      <MessageDialog selected={selected} onClose={() => setSelected(null)} />
    </>
  );
}
