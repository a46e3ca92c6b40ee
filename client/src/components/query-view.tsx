import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';

/**
 * The one way a screen shows a query (docs/decisions/0016-query-states.md): a placeholder while
 * it loads, one error wording with a retry, an empty state, then the data. Public pages use it
 * too, so it stays small and imports nothing of the admin area or the portal.
 */

/** What QueryView reads of a react-query result (a plain object in tests). */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * 'refetch' asks again; 'reload' reloads the page (the directory's Retry, as the spec says);
 * 'none' offers no button and says 'Please try again later.' (the home page's featured list).
 */
export type RetryMode = 'refetch' | 'reload' | 'none';

/** 'Failed to load {what}. Please try again.' with Retry; the server's own message below it when it sent one. */
export function QueryError({
  what,
  error,
  onRetry,
  retry = 'refetch',
}: {
  what: string;
  error?: unknown;
  onRetry?: () => void;
  retry?: RetryMode;
}) {
  const detail = error instanceof ApiError ? error.serverMessage : null;
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-6 text-center"
    >
      <AlertTriangle className="h-6 w-6 text-destructive" aria-hidden="true" />
      <p className="font-medium text-foreground">{`Failed to load ${what}. ${retry === 'none' ? 'Please try again later.' : 'Please try again.'}`}</p>
      {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
      {retry !== 'none' && (
        <Button variant="outline" size="sm" onClick={retry === 'reload' ? () => window.location.reload() : onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}

/** Placeholder rows, announced as 'Loading {what}' (the text is there for screen readers and for tests that wait for it to go). */
export function QueryLoading({
  what,
  rows = 3,
  className = 'h-20',
}: {
  what: string;
  rows?: number;
  className?: string;
}) {
  return (
    <div role="status" aria-label={`Loading ${what}`} className="grid gap-3">
      <span className="sr-only">{`Loading ${what}...`}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={className} />
      ))}
    </div>
  );
}

/** The empty state's one look: an icon, if any, above a sentence or two. */
export function EmptyState({
  icon,
  children,
  className,
}: {
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center text-muted-foreground',
        className,
      )}
    >
      {icon}
      {children}
    </div>
  );
}

export interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** What is loaded, in words that follow 'Failed to load' and 'Loading': 'contractors', 'your leads'. */
  what: string;
  /** The placeholder rows while loading (QueryLoading, announced with `what`): how many, and their height class. */
  placeholder?: { rows?: number; className?: string };
  /** A placeholder of another kind while loading, in place of the rows. */
  loading?: ReactNode;
  /** Shown instead of the data when `isEmpty` says so (by default, an empty array). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  retry?: RetryMode;
  /**
   * Where the specification names the failure as a screen of its own (a profile or a link that
   * is not valid is a 'not found' page): shown, unframed, instead of the one error wording.
   */
  error?: (error: unknown, retry: () => void) => ReactNode;
  /** The site's 404 page, shown unframed when the server answered 404 (a service page no contractor offers). */
  notFound?: ReactNode;
  /** Wraps the loading, error and empty states (a table row across the columns, a card's padding). */
  frame?: (state: ReactNode) => ReactNode;
  children: (data: T) => ReactNode;
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;
/** An ApiError in the browser, the handler's answer on the server: both carry the status. */
const isNotFound = (error: unknown) => (error as { status?: unknown } | null)?.status === 404;

export function QueryView<T>({
  query,
  what,
  placeholder,
  loading,
  empty,
  isEmpty = emptyArray,
  retry,
  error,
  notFound,
  frame = (s) => s,
  children,
}: QueryViewProps<T>) {
  if (query.isError) {
    if (notFound !== undefined && isNotFound(query.error)) return notFound;
    const again = () => void query.refetch();
    if (error) return error(query.error, again);
    return frame(<QueryError what={what} error={query.error} retry={retry} onRetry={again} />);
  }
  if (query.data === undefined) return frame(loading ?? <QueryLoading what={what} {...placeholder} />);
  if (empty !== undefined && isEmpty(query.data)) return frame(empty);
  return children(query.data);
}
