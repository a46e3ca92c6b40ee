import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import { CERTIFICATE_MAX_BYTES, CERTIFICATE_TYPES } from '@shared/credentials';
import { idParamSchema } from '@shared/schemas/admin';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminOf, contractorIdOf, forAnyone, requireContractor, requireAdmin } from '../../http/auth';
import { tooLarge, unsupportedType } from '../../domain/errors';
import { rateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { getCredentials } from '../credentials';
import { contractorOfUploadToken, NOT_A_CERTIFICATE, storeCertificate } from '../insurance-certificates';

/** The header a business just submitted sends its upload token in (the submission's answer has it). */
export const UPLOAD_TOKEN_HEADER = 'X-Upload-Token';
/** The file's own name, URI-encoded (optional; shown to the administrator). */
export const FILE_NAME_HEADER = 'X-File-Name';

export const TOO_LARGE = 'The certificate must be at most 5 MB';
const WRONG_TYPE = `${NOT_A_CERTIFICATE}, sent as the request body with its Content-Type`;
const ACCEPTED = new Set<string>([...CERTIFICATE_TYPES, 'application/octet-stream']);

/** The body is the file itself: a declared type of a certificate (or unknown bytes), at most 5 MB, read only after the caller is known. */
const fileBody: RequestHandler[] = [
  (req, _res, next) => {
    const type = req.headers['content-type']?.split(';')[0]!.trim().toLowerCase();
    next(type && ACCEPTED.has(type) ? undefined : unsupportedType(WRONG_TYPE));
  },
  express.raw({ type: () => true, limit: CERTIFICATE_MAX_BYTES }),
];

/** The parser's own refusal of a large body, in the upload's words. */
const parserTooLarge: ErrorRequestHandler = (err, _req, _res, next) =>
  next((err as { type?: string }).type === 'entity.too.large' ? tooLarge(TOO_LARGE) : err);

function uploadOf(req: Request) {
  let fileName = '';
  try {
    fileName = decodeURIComponent(req.get(FILE_NAME_HEADER) ?? '');
  } catch {
    // A name that is not valid URI encoding is left out; the file is what matters.
  }
  return { bytes: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), fileName };
}

/**
 * Certificate uploads (docs/decisions/0031-credentials-stored.md), mounted under /api after the
 * cross-site check and before the JSON-only rule: the body is the file (PDF, PNG, JPEG or WebP; its
 * type is read from its first bytes), with a 5 MB limit of its own, rate limited per address like
 * every write. The administrator uploads for any contractor, the contractor for itself, and a
 * business just submitted with the token its submission's answer carried.
 */
export function certificateUploadRoutes(ctx: AppContext, session: RequestHandler[]): Router {
  const router = Router();
  const limit = rateLimit({
    name: 'certificate-upload',
    max: 20,
    windowMs: 60 * 60_000,
    message: 'Too many uploads from your network. Please try again later.',
    enabled: ctx.env.RATE_LIMIT !== false,
  });

  router.post(
    '/admin/contractors/:id/insurance-certificate',
    ...session,
    requireAdmin(ctx, { owns: 'contractor' }),
    limit,
    ...fileBody,
    asyncHandler(async (req, res) => {
      const id = parseInput(idParamSchema, req.params, 'Invalid contractor id').id;
      await storeCertificate(ctx, id, uploadOf(req), { kind: 'admin', ...adminOf(req) });
      res.status(201).json(await getCredentials(ctx, id, 'admin'));
    }),
    parserTooLarge,
  );

  router.post(
    '/contractor/insurance-certificate',
    ...session,
    requireContractor(ctx),
    limit,
    ...fileBody,
    asyncHandler(async (req, res) => {
      const id = contractorIdOf(req);
      await storeCertificate(ctx, id, uploadOf(req), { kind: 'contractor' });
      res.status(201).json(await getCredentials(ctx, id, 'contractor'));
    }),
    parserTooLarge,
  );

  router.post(
    '/contractors/submit/certificate',
    forAnyone,
    limit,
    // The token is checked before the file is read.
    asyncHandler(async (req, res, next) => {
      res.locals.uploadFor = await contractorOfUploadToken(ctx, req.get(UPLOAD_TOKEN_HEADER));
      next();
    }),
    ...fileBody,
    asyncHandler(async (req, res) => {
      await storeCertificate(ctx, res.locals.uploadFor as number, uploadOf(req), { kind: 'applicant' });
      res.status(201).json({ message: 'Certificate received' });
    }),
    parserTooLarge,
  );
  return router;
}
