import { ApiError } from '@/lib/api';

/**
 * The server's field errors that belong to this form's fields: the one place an answer's
 * `errors` become field messages. Errors about fields the form does not show are left to the
 * notice, which says what went wrong.
 */
export function fieldErrorsOf(error: unknown, fields: Iterable<string>): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const known = new Set(fields);
  return Object.fromEntries(
    Object.entries(error.fieldErrors).filter(([field, message]) => known.has(field) && typeof message === 'string'),
  );
}
