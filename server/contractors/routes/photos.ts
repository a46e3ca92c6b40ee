import { Router } from 'express';
import { idParamSchema } from '@shared/schemas/admin';
import { adminPhotoQuerySchema, photoCaptionSchema, photoRejectionSchema } from '@shared/schemas/photos';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminOf, adminScopeOf, contractorIdOf, requireActiveContractor, requireAdmin } from '../../http/auth';
import { parseInput, parseQuery } from '../../http/validate';
import { deleteOwnPhoto, listOwnPhotos, updateCaption } from '../contractor-photos';
import { approvePhoto, listPhotosForReview, rejectPhoto } from '../photo-review';

const photoId = (params: unknown) => parseInput(idParamSchema, params, 'Invalid photo id').id;

/**
 * Photos (docs/decisions/0110-contractor-photos.md), apart from the upload (routes/photo-uploads.ts):
 * the contractor's own list, caption and delete; the administrators' review queue of the
 * contractors serving their counties, approve and reject.
 */
export function photoRoutes(ctx: AppContext): Router {
  const router = Router();
  const requireContractor = requireActiveContractor(ctx);

  router.get(
    '/contractor/photos',
    requireContractor,
    asyncHandler(async (req, res) => {
      res.json(await listOwnPhotos(ctx, contractorIdOf(req)));
    }),
  );
  router.patch(
    '/contractor/photos/:id',
    requireContractor,
    asyncHandler(async (req, res) => {
      const { caption } = parseInput(photoCaptionSchema, req.body);
      res.json(await updateCaption(ctx, contractorIdOf(req), photoId(req.params), caption));
    }),
  );
  router.delete(
    '/contractor/photos/:id',
    requireContractor,
    asyncHandler(async (req, res) => {
      await deleteOwnPhoto(ctx, contractorIdOf(req), photoId(req.params));
      res.status(204).end();
    }),
  );

  router.get(
    '/admin/photos',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      const { status } = parseQuery(adminPhotoQuerySchema, req.query);
      res.json(await listPhotosForReview(ctx, adminScopeOf(req), status));
    }),
  );
  router.post(
    '/admin/photos/:id/approve',
    requireAdmin(ctx, { owns: 'photo' }),
    asyncHandler(async (req, res) => {
      res.json(await approvePhoto(ctx, adminScopeOf(req), photoId(req.params), adminOf(req)));
    }),
  );
  router.post(
    '/admin/photos/:id/reject',
    requireAdmin(ctx, { owns: 'photo' }),
    asyncHandler(async (req, res) => {
      const { reason } = parseInput(photoRejectionSchema, req.body);
      res.json(await rejectPhoto(ctx, adminScopeOf(req), photoId(req.params), reason, adminOf(req)));
    }),
  );
  return router;
}
