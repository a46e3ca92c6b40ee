import { Router } from 'express';
import { idParamSchema, pageQuerySchema } from '@shared/schemas/admin';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { requireAdmin } from '../http/auth';
import { parseInput } from '../http/validate';
import { getOutboxMessage, listOutbox } from '../services/outbox';

export function adminOutboxRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/admin/outbox',
    requireAdmin,
    asyncHandler(async (req, res) => {
      res.json(await listOutbox(ctx.db, parseInput(pageQuerySchema, req.query, 'Invalid query parameters')));
    }),
  );
  router.get(
    '/admin/outbox/:id',
    requireAdmin,
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid message id');
      res.json(await getOutboxMessage(ctx.db, id));
    }),
  );
  return router;
}
