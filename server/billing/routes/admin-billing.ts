import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Response } from 'express';
import { idParamSchema } from '@shared/schemas/admin';
import { billingExportQuerySchema } from '@shared/schemas/billing';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminScopeOf, requireAdmin } from '../../http/auth';
import { adminListRoute } from '../../http/admin-list';
import { parseInput, parseQuery } from '../../http/validate';
import { adminContractorBilling } from '../admin-billing';
import { leadsCsv, paymentsCsv } from '../billing-exports';

/** The administrator's view of a contractor's billing, and the bookkeeper's exports (docs/decisions/0113-self-service-billing.md), in the administrator's scope. */
export function adminBillingRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get(
    '/admin/contractors/:id/billing',
    requireAdmin(ctx, { owns: 'contractor' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid contractor id');
      res.json(await adminContractorBilling(ctx, adminScopeOf(req), id));
    }),
  );

  const csvHeaders = (res: Response, name: string) => {
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="${name}-${ctx.clock.now().toISOString().slice(0, 10)}.csv"`);
    res.set('Cache-Control', 'no-store');
  };
  /**
   * An export written as it is read (docs/decisions/0113-self-service-billing.md). Its header and first
   * batch are read before anything is sent, so a failure there is still an error answer; a failure
   * later cuts the download off (an incomplete file, never one that looks whole), and a client that
   * goes away stops the reading.
   */
  const csvStream = async (res: Response, name: string, pieces: AsyncGenerator<string>) => {
    const head: string[] = [];
    for (let i = 0; i < 2; i++) {
      const next = await pieces.next();
      if (next.done) break;
      head.push(next.value);
    }
    csvHeaders(res, name);
    await pipeline(
      Readable.from(
        (async function* () {
          yield* head;
          yield* pieces;
        })(),
      ),
      res,
    );
  };

  const exportRoute = (name: string, rows: typeof paymentsCsv) =>
    adminListRoute(
      ctx,
      (req) => parseQuery(billingExportQuerySchema, req.query),
      rows,
      (_req, res, pieces) => csvStream(res, name, pieces),
    );
  router.get('/admin/exports/payments.csv', ...exportRoute('payments', paymentsCsv));
  router.get('/admin/exports/leads.csv', ...exportRoute('leads', leadsCsv));
  return router;
}
