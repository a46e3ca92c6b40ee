import { Router } from 'express';
import { legalPageEditSchema, legalPageParams } from '@shared/schemas/legal-pages';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminOf, requireAdmin } from '../../http/auth';
import { defineQuery, type QueryRoute } from '../../http/query-routes';
import { parseInput } from '../../http/validate';
import { regionOf } from '../../counties/region-of';
import { legalPage, listLegalPages, saveLegalPage } from '../legal-pages';

/** /privacy and /terms as the county's site shows them (docs/decisions/0114-homeowner-privacy.md). */
export const legalPageQueries: QueryRoute[] = [
  defineQuery('/api/legal-pages/:slug', legalPageParams, async ({ slug }, ctx, _freshness, county) =>
    legalPage(ctx, await regionOf(ctx, county), slug),
  ),
];

/** The admin's Legal pages screen: platform administrators only, as the text is every county's. */
export function legalPageRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/admin/legal-pages',
    requireAdmin(ctx, { platform: true }),
    asyncHandler(async (_req, res) => {
      res.json(await listLegalPages(ctx));
    }),
  );
  router.put(
    '/admin/legal-pages/:slug',
    requireAdmin(ctx, { platform: true }),
    asyncHandler(async (req, res) => {
      const { slug } = parseInput(legalPageParams, req.params, 'No such page');
      const { markdown } = parseInput(legalPageEditSchema, req.body);
      res.json(await saveLegalPage(ctx, adminOf(req), slug, markdown));
    }),
  );
  return router;
}
