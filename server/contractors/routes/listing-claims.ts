import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import multer from 'multer';
import { CERTIFICATE_MAX_BYTES } from '@shared/credentials';
import {
  claimCodeRequestSchema,
  claimNoteSchema,
  claimVerifySchema,
  documentClaimSchema,
} from '@shared/schemas/listing-claims';
import { idParamSchema } from '@shared/schemas/admin';
import { contractorIdSchema } from '@shared/schemas/directory';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminOf, adminScopeOf, forAnyone, requireAdmin } from '../../http/auth';
import { invalid, tooLarge, unsupportedType } from '../../domain/errors';
import { countyOf } from '../../http/county-site';
import { rateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { optOut } from '../claims/claim-invitations';
import {
  approveDocumentClaim,
  listListingClaims,
  rejectDocumentClaim,
  submitDocumentClaim,
  undoClaim,
} from '../claims/claim-decisions';
import { claimTarget, sendClaimCode, verifyClaim } from '../claims/listing-claims';

/** What else happens once a listing is claimed (its held requests reach the new owner), handed in by the app. */
export type OnClaimed = (ctx: AppContext, contractorId: number) => Promise<void>;

/**
 * Claiming an unclaimed listing (docs/decisions/0131-listing-claims.md), on the site that lists it:
 * GET its masked channels, POST a code to one of them, POST the code back. Open to anyone, as the
 * code is the proof; sending and checking are limited per address besides the claim's own limits.
 */
export function listingClaimRoutes(ctx: AppContext, onClaimed: OnClaimed): Router {
  const router = Router();
  const idOf = (params: unknown) => parseInput(contractorIdSchema, params, 'Invalid listing id').id;
  const limit = (name: string, max: number) =>
    rateLimit({
      name,
      max,
      windowMs: 60 * 60_000,
      message: 'Too many claim attempts from your network. Please try again later.',
      enabled: ctx.env.RATE_LIMIT !== false,
    });

  router.get(
    '/claims/:id',
    forAnyone,
    asyncHandler(async (req, res) => {
      res.json(await claimTarget(ctx, idOf(req.params), countyOf(res)));
    }),
  );

  router.post(
    '/claims/:id/code',
    forAnyone,
    limit('claim-code', 10),
    asyncHandler(async (req, res) => {
      const { channel } = parseInput(claimCodeRequestSchema, req.body);
      const sent = await sendClaimCode(ctx, idOf(req.params), countyOf(res), channel);
      res
        .status(202)
        .json({ message: `We sent a code to ${sent.masked}. It works for 15 minutes.`, masked: sent.masked });
    }),
  );

  router.post(
    '/claims/:id/verify',
    forAnyone,
    limit('claim-verify', 30),
    asyncHandler(async (req, res) => {
      const id = idOf(req.params);
      const verified = await verifyClaim(ctx, id, countyOf(res), parseInput(claimVerifySchema, req.body));
      await onClaimed(ctx, id);
      res.json(verified);
    }),
  );
  // An administrator's side: every claim of its counties' listings, and the decisions.
  const claimIdOf = (params: unknown) => parseInput(idParamSchema, params, 'Invalid claim id').id;
  router.get(
    '/admin/listing-claims',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      res.json(await listListingClaims(ctx, adminScopeOf(req)));
    }),
  );
  router.post(
    '/admin/listing-claims/:id/approve',
    requireAdmin(ctx, { owns: 'listingClaim' }),
    asyncHandler(async (req, res) => {
      const contractorId = await approveDocumentClaim(ctx, claimIdOf(req.params), adminOf(req));
      await onClaimed(ctx, contractorId);
      res.json({ message: 'Claim approved: a setup code was emailed to the claimant' });
    }),
  );
  router.post(
    '/admin/listing-claims/:id/reject',
    requireAdmin(ctx, { owns: 'listingClaim' }),
    asyncHandler(async (req, res) => {
      const { note } = parseInput(claimNoteSchema, req.body ?? {});
      await rejectDocumentClaim(ctx, claimIdOf(req.params), note, adminOf(req));
      res.json({ message: 'Claim rejected' });
    }),
  );
  router.post(
    '/admin/listing-claims/:id/undo',
    requireAdmin(ctx, { owns: 'listingClaim' }),
    asyncHandler(async (req, res) => {
      const { note } = parseInput(claimNoteSchema, req.body ?? {});
      await undoClaim(ctx, claimIdOf(req.params), note, adminOf(req));
      res.json({ message: 'Claim undone: the listing is unclaimed again' });
    }),
  );

  // The invitation's one-click opt-out (docs/decisions/0132-claim-invitations.md): a link in an email, so a GET that answers in words.
  router.get(
    '/claims/opt-out/:token',
    forAnyone,
    limit('claim-opt-out', 30),
    asyncHandler(async (req, res) => {
      const done = await optOut(ctx, String(req.params.token ?? ''));
      res
        .status(done ? 200 : 404)
        .type('text/plain')
        .send(
          done
            ? 'You will not get another invitation to claim this listing. Nothing else is needed.'
            : 'This opt-out link is not known. Nothing was changed.',
        );
    }),
  );
  return router;
}

const DOCUMENT_FIELD = 'document';
const NOT_MULTIPART = `Send the claim as multipart/form-data, the file in the field '${DOCUMENT_FIELD}'`;
const documentUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1_000, parts: 6, headerPairs: 50 },
}).single(DOCUMENT_FIELD);
const onlyMultipart: RequestHandler = (req, _res, next) =>
  next(req.is('multipart/form-data') ? undefined : unsupportedType(NOT_MULTIPART));
const uploadErrors: ErrorRequestHandler = (err, _req, _res, next) => {
  if (err instanceof multer.MulterError)
    return next(
      err.code === 'LIMIT_FILE_SIZE' ? tooLarge('The document must be at most 5 MB') : invalid(NOT_MULTIPART),
    );
  next(err);
};

/**
 * POST /api/claims/:id/document: a claim by document (a registration certificate or insurance)
 * for an administrator to decide, mounted before the JSON-only rule as the other uploads are.
 */
export function listingClaimUploadRoutes(ctx: AppContext): Router {
  const router = Router();
  const limit = rateLimit({
    name: 'claim-document',
    max: 5,
    windowMs: 60 * 60_000,
    message: 'Too many claim attempts from your network. Please try again later.',
    enabled: ctx.env.RATE_LIMIT !== false,
  });
  router.post(
    '/claims/:id/document',
    forAnyone,
    limit,
    onlyMultipart,
    documentUpload,
    asyncHandler(async (req, res) => {
      const id = parseInput(contractorIdSchema, req.params, 'Invalid listing id').id;
      const fields = parseInput(documentClaimSchema, req.body ?? {});
      if (!req.file?.buffer.length) throw invalid('Choose the document to send', { document: 'Choose a file' });
      await submitDocumentClaim(ctx, id, countyOf(res), {
        ...fields,
        upload: { bytes: req.file.buffer, fileName: req.file.originalname },
      });
      res.status(202).json({ message: 'Thank you. An administrator will check the document and email you.' });
    }),
    uploadErrors,
  );
  return router;
}
