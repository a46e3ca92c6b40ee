import type { z } from 'zod';
import { invalid } from '../domain/errors';

/** Field path -> first message, the `errors` of a 400 answer (docs/decisions/0010-bad-input.md). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    out[key] ??= issue.message;
  }
  return out;
}

export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  message = 'Please check the highlighted fields',
): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalid(message, fieldErrors(result.error));
  return result.data;
}

export const INVALID_QUERY = 'Invalid query parameters';

/**
 * The one way a GET's query (its list filters, its page) is read: the list's shared schema from
 * shared/schemas, a 400 with the field errors when it refuses them. Public queries
 * (defineQuery in query-routes.ts) and the admin and portal lists alike.
 */
export const parseQuery = <S extends z.ZodType>(schema: S, query: unknown): z.output<S> =>
  parseInput(schema, query, INVALID_QUERY);
