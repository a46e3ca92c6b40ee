import { contractorIdSchema, directoryQuerySchema } from '@shared/schemas/directory';
import { defineQuery, type QueryRoute } from '../http/query-routes';
import { getContractorProfile, listContractors } from '../services/directory';

export const directoryQueries: QueryRoute[] = [
  defineQuery('/api/contractors', directoryQuerySchema, (q, ctx) => listContractors(ctx.db, q, { cache: ctx.env.DIRECTORY_CACHE !== false })),
  // The search page's endpoint: the same filters (it also accepts serviceType).
  defineQuery('/api/contractors/search', directoryQuerySchema, (q, ctx) => listContractors(ctx.db, q, { cache: ctx.env.DIRECTORY_CACHE !== false })),
  defineQuery('/api/contractors/:id', contractorIdSchema, ({ id }, ctx) => getContractorProfile(ctx.db, id, { cache: ctx.env.DIRECTORY_CACHE !== false })),
];
