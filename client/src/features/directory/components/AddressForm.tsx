import { Button } from '@/components/ui/button';

/** Hidden fields for a query, less the names a form's own controls send. */
export function HiddenFields({ query, omit = [] }: { query: URLSearchParams; omit?: string[] }) {
  return (
    <>
      {[...query]
        .filter(([name]) => !omit.includes(name))
        .map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

/**
 * An invisible GET form that leads to `href` (`omit`: query names the submitting button adds).
 * Buttons that act through JavaScript (Clear, the view switch) join it with `form={id}` and
 * `type="submit"`, so they also work without it (docs/decisions/0022-pages-without-javascript.md);
 * with JavaScript their click handler prevents the submission.
 */
export function AddressForm({ id, href, omit }: { id: string; href: string; omit?: string[] }) {
  const at = href.indexOf('?');
  return (
    <form id={id} action={at < 0 ? href : href.slice(0, at)} method="get" hidden>
      <HiddenFields query={new URLSearchParams(at < 0 ? '' : href.slice(at + 1))} omit={omit} />
    </form>
  );
}

/** The filters form's submit button: only a browser without JavaScript shows it; with JavaScript every change applies at once. */
export function ApplyFilters() {
  return (
    <noscript>
      <Button type="submit">Apply Filters</Button>
    </noscript>
  );
}
