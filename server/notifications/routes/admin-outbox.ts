import { Router } from 'express';
import { idParamSchema, outboxQuerySchema } from '@shared/schemas/admin';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { requireAdmin } from '../../http/auth';
import { adminListRoute } from '../../http/admin-list';
import { parseInput, parseQuery } from '../../http/validate';
import { getOutboxMessage, listOutbox, resendOutboxMessage } from '../outbox';

export function adminOutboxRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/admin/outbox', ...adminListRoute(ctx, (req) => parseQuery(outboxQuerySchema, req.query), listOutbox));
  router.get(
    '/admin/outbox/:id',
    requireAdmin(ctx, { owns: 'outboxEmail' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid message id');
      res.json(await getOutboxMessage(ctx, id));
    }),
  );
  router.post(
    '/admin/outbox/:id/resend',
    requireAdmin(ctx, { owns: 'outboxEmail' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid message id');
      res.json(await resendOutboxMessage(ctx, id));
    }),
  );
  return router;
}
