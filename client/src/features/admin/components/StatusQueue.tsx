import { useState, type ReactNode } from 'react';
import type { QueryLike } from '@/components/query-view';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export interface QueueTab<F extends string> {
  value: F;
  label: string;
}

type QueueQuery<T> = QueryLike<T> & { isPlaceholderData?: boolean };

const GRID = { 2: 'grid-cols-2', 3: 'grid-cols-3' } as const;

interface StatusQueueProps<F extends string, T> {
  tabs: readonly QueueTab<F>[];
  initial: F;
  /** The tab list's accessible name ('Which reviews'). */
  label: string;
  /** Tabs a row on a phone (two or three), side by side from a tablet up. */
  perRow: keyof typeof GRID;
  /** The kind's query: a page of one status's items (a hook, called once a render). */
  useItems: (filter: F, page: number) => QueueQuery<T>;
  /** A tab's name from the answer too (the claims' counts); its label by default. */
  tabLabel?: (tab: QueueTab<F>, data: T | undefined) => string;
  /** The open tab's list (an AdminList with the kind's parts), given its query and the pager's page setter. */
  children: (list: { filter: F; query: QueueQuery<T>; onPage: (page: number) => void }) => ReactNode;
}

/**
 * The administrator's moderation queues (listing changes, photos, reviews, claims) and the outbox
 * are this one screen: a tab for each status, the open tab's list of items with the kind's own parts
 * (its rows, its actions, its empty and count lines), paged from the first page again when the tab
 * changes. The decision dialogs stay with each kind's page (docs/decisions/0121-client-screens-once.md).
 */
export function StatusQueue<F extends string, T>({
  tabs,
  initial,
  label,
  perRow,
  useItems,
  tabLabel,
  children,
}: StatusQueueProps<F, T>) {
  const [filter, setFilter] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const query = useItems(filter, page);
  return (
    <Tabs
      value={filter}
      onValueChange={(v) => {
        setFilter(v as F);
        setPage(1);
      }}
    >
      <TabsList aria-label={label} className={`mb-4 grid w-full ${GRID[perRow]} sm:inline-flex sm:w-auto`}>
        {tabs.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {tabLabel ? tabLabel(t, query.data) : t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((t) => (
        <TabsContent key={t.value} value={t.value}>
          {/* Only the open tab is mounted. */}
          {t.value === filter && children({ filter, query, onPage: setPage })}
        </TabsContent>
      ))}
    </Tabs>
  );
}
