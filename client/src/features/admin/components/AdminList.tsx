import { Fragment, type Key, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { QueryView, type QueryLike } from '@/components/query-view';
import { Pager } from './Pager';
import { MessageRow, TableRegion, Th } from './table';

/**
 * Every admin list (contractors, leads, claims, reviews, outbox, the dashboard's tabs, pricing
 * rules) is this one component: the query's loading, error and empty states (QueryView), the
 * rows dimmed while another page or filter loads, a count line and the pager. Rows are a table
 * (`columns`, cards below 1024 px: components/table.tsx), or a list of cards (`listLabel`) where
 * each item is one button or article rather than cells (the outbox, reviews).
 */

export interface PageInfo {
  page: number;
  pageSize: number;
  total: number;
}

export interface Column {
  name: string;
  className?: string;
}

interface Common<T, R> {
  query: QueryLike<T> & { isPlaceholderData?: boolean };
  /** 'leads': 'Loading leads', 'Failed to load leads. Please try again.' */
  what: string;
  items: (data: T) => readonly R[];
  itemKey: (item: R) => Key;
  /** What an empty list says. */
  empty: ReactNode;
  /** A line above the rows ('3 messages, newest first'). */
  count?: (data: T) => string;
  /** Previous / Next under the rows, for a list the server pages. */
  pager?: T extends PageInfo ? { label: string; onPage: (page: number) => void } : never;
}

interface TableLayout<R> {
  /** The table region's accessible name. */
  label: string;
  columns: Column[];
  /** One `<Tr>` per item. */
  row: (item: R) => ReactNode;
  listLabel?: never;
}

interface ListLayout<R> {
  /** The list's accessible name. */
  listLabel: string;
  item: (item: R) => ReactNode;
  columns?: never;
}

export type AdminListProps<T, R> = Common<T, R> & (TableLayout<R> | ListLayout<R>);

const DIMMED = 'opacity-70 transition-opacity';

export function AdminList<T, R>(props: AdminListProps<T, R>) {
  const { query, what, items, itemKey, empty, count, pager } = props;
  const dim = query.isPlaceholderData ? DIMMED : undefined;
  const body = (frame: (state: ReactNode) => ReactNode, rows: (list: readonly R[]) => ReactNode) => (
    <QueryView
      query={query}
      what={what}
      empty={empty}
      isEmpty={(data) => items(data).length === 0}
      placeholder={{ rows: 3, className: 'h-12' }}
      frame={frame}
    >
      {(data) => rows(items(data))}
    </QueryView>
  );
  const data = query.isError ? undefined : query.data;
  // `pager` is only allowed when T is paged (see Common), so the data carries its page.
  const info = pager && data ? (data as unknown as PageInfo) : undefined;

  return (
    <>
      {count && data !== undefined && items(data).length > 0 && (
        <p className="mb-2 text-sm text-muted-foreground">{count(data)}</p>
      )}
      {props.columns ? (
        <TableRegion label={props.label} className={dim}>
          <thead>
            <tr>
              {props.columns.map((c) => (
                <Th key={c.name} className={c.className}>
                  {c.name}
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {body(
              (state) => (
                <MessageRow colSpan={props.columns.length}>{state}</MessageRow>
              ),
              (list) => list.map((r) => <Fragment key={itemKey(r)}>{props.row(r)}</Fragment>),
            )}
          </tbody>
        </TableRegion>
      ) : (
        body(
          (state) => state,
          (list) => (
            <Card className={dim}>
              <ul className="divide-y" aria-label={props.listLabel}>
                {list.map((r) => (
                  <li key={itemKey(r)}>{props.item(r)}</li>
                ))}
              </ul>
            </Card>
          ),
        )
      )}
      {pager && info && (
        <Pager page={info.page} pageSize={info.pageSize} total={info.total} onPage={pager.onPage} label={pager.label} />
      )}
    </>
  );
}
