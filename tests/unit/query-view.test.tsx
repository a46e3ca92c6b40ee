import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState, QueryError, QueryView, type QueryLike } from '@/components/query-view';
import { ApiError } from '@/lib/api';

/** The one way a screen shows a query: loading, one error wording with Retry, empty, data (docs/decisions/0016-query-states.md). */

const loading: QueryLike<string[]> = { data: undefined, isError: false, error: null, refetch: vi.fn() };
const failed = (error: unknown = new Error('500: boom')): QueryLike<string[]> => ({
  data: undefined,
  isError: true,
  error,
  refetch: vi.fn(),
});
const loaded = (data: string[]): QueryLike<string[]> => ({ data, isError: false, error: null, refetch: vi.fn() });

const view = (query: QueryLike<string[]>, props: Partial<Parameters<typeof QueryView<string[]>>[0]> = {}) =>
  renderToString(
    <QueryView query={query} what="leads" empty={<EmptyState>No leads yet.</EmptyState>} {...props}>
      {(items) => (
        <ul>
          {items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
    </QueryView>,
  );

describe('QueryView', () => {
  it('shows placeholders announced as loading until the data is there', () => {
    const html = view(loading);
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-label="Loading leads"');
    expect(html).toContain('Loading leads...');
    expect(html).not.toContain('No leads yet.');
  });

  it('takes a screen-specific placeholder', () => {
    expect(view(loading, { loading: <p>Six cards</p> })).toContain('<p>Six cards</p>');
  });

  it('says one thing when the query fails, with Retry', () => {
    const html = view(failed());
    expect(html).toContain('role="alert"');
    expect(html).toContain('Failed to load leads. Please try again.');
    expect(html).toMatch(/<button[^>]*>Retry<\/button>/);
    expect(html).not.toContain('Loading leads');
  });

  it("adds the server's own message when it sent one", () => {
    const html = view(
      failed(
        new ApiError(503, '503: {"message":"Service temporarily unavailable"}', 'Service temporarily unavailable', {}),
      ),
    );
    expect(html).toContain('Failed to load leads. Please try again.');
    expect(html).toContain('Service temporarily unavailable');
  });

  it("says 'try again later' and offers no button when there is no retry", () => {
    const html = view(failed(), { retry: 'none' });
    expect(html).toContain('Failed to load leads. Please try again later.');
    expect(html).not.toContain('<button');
  });

  it('shows the empty state for no items, and the data otherwise', () => {
    expect(view(loaded([]))).toContain('No leads yet.');
    const html = view(loaded(['Roof', 'Deck']));
    expect(html).toContain('<li>Roof</li><li>Deck</li>');
    expect(html).not.toContain('No leads yet.');
    expect(html).not.toContain('role="alert"');
  });

  it('reads emptiness as told, and wraps every state but the data in the frame', () => {
    const frame = (s: React.ReactNode) => <section className="frame">{s}</section>;
    expect(view(loaded(['only']), { isEmpty: (d) => d.length < 2 })).toContain('No leads yet.');
    expect(view(loading, { frame })).toMatch(/^<section class="frame">/);
    expect(view(failed(), { frame })).toMatch(/^<section class="frame">/);
    expect(view(loaded(['x']), { frame })).toBe('<ul><li>x</li></ul>');
  });

  it("shows a page's own failure screen unframed where the specification names one, with a retry through the query", () => {
    const frame = (s: React.ReactNode) => <section className="frame">{s}</section>;
    const query = failed();
    let retry: (() => void) | undefined;
    const html = view(query, {
      frame,
      error: (error, again) => {
        retry = again;
        return <h1>{`Not found (${(error as Error).message})`}</h1>;
      },
    });
    expect(html).toBe('<h1>Not found (500: boom)</h1>');
    retry!();
    expect(query.refetch).toHaveBeenCalledOnce();
  });

  it('shows the 404 page, unframed, only when the server answered 404', () => {
    const frame = (s: React.ReactNode) => <section className="frame">{s}</section>;
    const notFound = <h1>Page Not Found</h1>;
    expect(view(failed(new ApiError(404, '404: {}', null, {})), { frame, notFound })).toBe('<h1>Page Not Found</h1>');
    // The server render hands the error over as plain data with its status.
    expect(view(failed({ status: 404, message: 'Not found' }), { frame, notFound })).toBe('<h1>Page Not Found</h1>');
    const other = view(failed(new ApiError(503, '503: {}', null, {})), { frame, notFound });
    expect(other).toMatch(/^<section class="frame">/);
    expect(other).toContain('Failed to load leads. Please try again.');
  });

  it('an error screen retries through the query', () => {
    const onRetry = vi.fn();
    const element = QueryError({ what: 'leads', onRetry });
    // The Retry button is the element's last child; its click handler is the one given.
    const children = (element.props as { children: React.ReactElement[] }).children.filter(Boolean);
    const button = children[children.length - 1] as React.ReactElement<{ onClick: () => void }>;
    button.props.onClick();
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
