import { z } from 'zod';

/**
 * The paging fields of a list GET's query (?page=&pageSize=), written once: every list's schema in
 * shared/schemas is built from these, the server parses a query with its schema through parseQuery
 * (server/http/validate.ts) and the client reads and builds the same fields from the same schema.
 */
export const pageParam = (max: number) =>
  z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(max, 'page is too large')
    .default(1);

export const pageSizeParam = (fallback: number, max = 100) =>
  z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(max, `pageSize must be at most ${max}`)
    .default(fallback);
