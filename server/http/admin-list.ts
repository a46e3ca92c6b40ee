import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import type { AdminScope } from '../domain/actors';
import { asyncHandler } from './async-handler';
import { adminScopeOf, requireAdmin } from './auth';

/**
 * An administrator's list or export (`router.get(path, ...adminListRoute(...))`): read in the account's
 * county scope with its query (the route parses it with parseQuery and its shared schema), and answered as JSON
 * unless `answer` sends it another way (a kept body, a CSV download).
 */
export function adminListRoute<Q, T>(
  ctx: AppContext,
  queryOf: (req: Request) => Q,
  read: (ctx: AppContext, scope: AdminScope, query: Q) => T,
  answer: (req: Request, res: Response, value: Awaited<T>) => unknown = (_req, res, value) => res.json(value),
): RequestHandler[] {
  return [
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      await answer(req, res, await read(ctx, adminScopeOf(req), queryOf(req)));
    }),
  ];
}
