import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import multer from 'multer';
import { PHOTO_FILE_FIELD, PHOTO_MAX_BYTES, photoUploadFieldsSchema } from '@shared/schemas/photos';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { contractorIdOf, requireContractor } from '../../http/auth';
import { DomainError, invalid, tooLarge, unsupportedType } from '../../domain/errors';
import { rateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { uploadPhoto } from '../contractor-photos';
import { TOO_LARGE } from '../../photos/process';

const NOT_MULTIPART = `Send the photo as multipart/form-data, the file in the field '${PHOTO_FILE_FIELD}'`;

/**
 * The file in memory, at most 15 MB, one file and a few short fields: multer stops reading past the
 * limit. What the file is, is decided from its bytes by the service, never from its name or type.
 */
const multipart = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, fieldSize: 2_000, parts: 6, headerPairs: 50 },
}).single(PHOTO_FILE_FIELD);

const onlyMultipart: RequestHandler = (req, _res, next) =>
  next(req.is('multipart/form-data') ? undefined : unsupportedType(NOT_MULTIPART));

/** multer's and busboy's refusals, in the upload's words: 413 past the size, 400 for a malformed form. */
const uploadErrors: ErrorRequestHandler = (err, _req, _res, next) => {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return next(tooLarge(TOO_LARGE));
    if (err.code === 'LIMIT_UNEXPECTED_FILE') return next(invalid(NOT_MULTIPART));
    return next(invalid(`The upload has too many or too long parts: ${err.message}`));
  }
  // busboy: a body that is not the multipart form its header announces.
  if (err instanceof Error && !(err instanceof DomainError) && /multipart|boundary|form|part/i.test(err.message))
    return next(invalid(`The upload could not be read: ${err.message}`));
  next(err);
};

/**
 * POST /api/contractor/photos (docs/decisions/0110-contractor-photos.md): mounted under /api before
 * the JSON-only rule, like the certificate uploads. multipart/form-data with the file in `photo`
 * and optional `kind` ('project' or 'logo') and `caption`; answers 201 with the photo as its
 * contractor sees it (pending). Limited per contractor, counted before the body is read.
 */
export function photoUploadRoutes(ctx: AppContext, session: RequestHandler[]): Router {
  const router = Router();
  const limit = rateLimit({
    name: 'photo-upload',
    max: 60,
    windowMs: 60 * 60_000,
    message: 'Too many photo uploads. Please try again later.',
    enabled: ctx.env.RATE_LIMIT !== false,
    keyOf: (req) => `contractor-${contractorIdOf(req)}`,
  });
  router.post(
    '/contractor/photos',
    ...session,
    requireContractor(ctx),
    limit,
    onlyMultipart,
    multipart,
    asyncHandler(async (req, res) => {
      const fields = parseInput(photoUploadFieldsSchema, { ...req.body }, 'Please check the photo details');
      if (!req.file)
        throw invalid(`No photo was sent: the file goes in the field '${PHOTO_FILE_FIELD}'`, {
          [PHOTO_FILE_FIELD]: 'Choose a photo',
        });
      res.status(201).json(await uploadPhoto(ctx, contractorIdOf(req), req.file.buffer, fields));
    }),
    uploadErrors,
  );
  return router;
}
