import { Router } from 'express';
import { idParamSchema } from '@shared/schemas/admin';
import { listingChangeQuerySchema, listingEditSchema, listingRejectionSchema } from '@shared/schemas/listing-changes';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminOf, adminScopeOf, contractorIdOf, requireContractor, requireAdmin } from '../../http/auth';
import { parseInput, parseQuery } from '../../http/validate';
import {
  approveListingChange,
  listingOptions,
  listListingChanges,
  ownListing,
  rejectListingChange,
  submitListingChange,
  withdrawListingChange,
} from '../listing-changes';

const changeId = (params: unknown) => parseInput(idParamSchema, params, 'Invalid listing change id').id;

/**
 * Listing edits reviewed before they are public (docs/decisions/0111-listing-edits.md): the
 * contractor's listing, its one pending change and what the form offers; the administrators' queue
 * of the changes of contractors in their counties (or coming to them), approve and reject.
 */
export function listingChangeRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get(
    '/contractor/listing',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      res.json(await ownListing(ctx, contractorIdOf(req)));
    }),
  );
  router.get(
    '/contractor/listing/options',
    requireContractor(ctx),
    asyncHandler(async (_req, res) => {
      res.json(await listingOptions(ctx));
    }),
  );
  router.put(
    '/contractor/listing',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      const edit = parseInput(listingEditSchema, req.body);
      res.status(201).json(await submitListingChange(ctx, contractorIdOf(req), edit));
    }),
  );
  router.delete(
    '/contractor/listing/change',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      await withdrawListingChange(ctx, contractorIdOf(req));
      res.status(204).end();
    }),
  );

  router.get(
    '/admin/listing-changes',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      const { status } = parseQuery(listingChangeQuerySchema, req.query);
      res.json(await listListingChanges(ctx, adminScopeOf(req), status));
    }),
  );
  router.post(
    '/admin/listing-changes/:id/approve',
    requireAdmin(ctx, { owns: 'listingChange' }),
    asyncHandler(async (req, res) => {
      res.json(await approveListingChange(ctx, adminScopeOf(req), changeId(req.params), adminOf(req)));
    }),
  );
  router.post(
    '/admin/listing-changes/:id/reject',
    requireAdmin(ctx, { owns: 'listingChange' }),
    asyncHandler(async (req, res) => {
      const { reason } = parseInput(listingRejectionSchema, req.body);
      res.json(await rejectListingChange(ctx, adminScopeOf(req), changeId(req.params), reason, adminOf(req)));
    }),
  );
  return router;
}
