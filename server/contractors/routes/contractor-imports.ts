import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { IMPORT_MAX_BYTES, importQuerySchema, type ImportProgress } from '@shared/contractor-import';
import { idParamSchema } from '@shared/schemas/admin';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminOf, adminScopeOf, requireAdmin } from '../../http/auth';
import { invalid, tooLarge, unsupportedType } from '../../domain/errors';
import { parseInput } from '../../http/validate';
import { toErrorAnswer } from '../../http/error-middleware';
import { HEAD_BYTES, importContractors, type Importer } from '../import/contractor-import';
import { approveImport, listImports } from '../import/imports';
import { inviteImport } from '../claims/claim-invitations';

export const IMPORT_FILE_FIELD = 'file';
const NOT_MULTIPART = `Send the list as multipart/form-data, the file in the field '${IMPORT_FILE_FIELD}'`;
const TOO_LARGE = `The file must be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`;

const multipart = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 4_000, parts: 6, headerPairs: 50 },
}).single(IMPORT_FILE_FIELD);

const onlyMultipart: RequestHandler = (req, _res, next) =>
  next(req.is('multipart/form-data') ? undefined : unsupportedType(NOT_MULTIPART));

const uploadErrors: ErrorRequestHandler = (err, _req, _res, next) => {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return next(tooLarge(TOO_LARGE));
    return next(invalid(`${NOT_MULTIPART} (${err.message})`));
  }
  if (err instanceof Error && /multipart|boundary|form|part/i.test(err.message) && !('kind' in err))
    return next(invalid(`The upload could not be read: ${err.message}`));
  next(err);
};

/**
 * Progress while a big file is read or committed, for a caller that asks for it
 * (`Accept: application/x-ndjson`): one JSON line per batch ({ progress }), then { answer } or
 * { error }. The lines start with the first batch, so a file refused at once (no county, no
 * header) is an ordinary 4xx.
 */
function progressLines(req: Request, res: Response, status: number) {
  if (req.accepts(['application/json', NDJSON]) !== NDJSON) return null;
  const state = {
    started: false,
    line: (progress: ImportProgress) => {
      if (!state.started) {
        state.started = true;
        res.status(status).type(NDJSON);
        res.setHeader('X-Accel-Buffering', 'no');
      }
      write({ progress });
    },
    end: (last: object) => {
      write(last);
      res.end();
    },
  };
  const write = (o: object) => {
    res.write(`${JSON.stringify(o)}\n`);
    // The compression middleware holds small writes back until told.
    (res as Response & { flush?: () => void }).flush?.();
  };
  return state;
}
const NDJSON = 'application/x-ndjson';

/**
 * Reads the uploaded list and imports it (or previews it, writing nothing) for `importerOf` the
 * request, answering JSON or, when asked, progress lines then the answer.
 */
function importUpload(
  ctx: AppContext,
  commit: boolean,
  importerOf: (req: Request) => Importer,
): (RequestHandler | ErrorRequestHandler)[] {
  return [
    onlyMultipart,
    multipart,
    asyncHandler(async (req, res) => {
      const file = req.file;
      if (!file?.buffer.length) throw invalid(`Choose a CSV or .xlsx file to import (${NOT_MULTIPART})`);
      const query = parseInput(importQuerySchema, req.body ?? {});
      const progress = progressLines(req, res, commit ? 201 : 200);
      try {
        const answer = await importContractors(
          ctx,
          importerOf(req),
          { fileName: file.originalname, head: file.buffer.subarray(0, HEAD_BYTES), body: file.buffer },
          { county: query.county, mapping: query.mapping, commit, onProgress: progress?.line },
        );
        if (progress?.started) progress.end({ answer });
        else res.status(commit ? 201 : 200).json(answer);
      } catch (e) {
        // Before the first line the error middleware answers as for any request; after it, the stream says it.
        if (!progress?.started) throw e;
        const said = toErrorAnswer(e);
        if (!said) ctx.log.error('import failed while streaming', { err: e instanceof Error ? e.message : String(e) });
        progress.end({
          error: said
            ? { status: said.status, message: said.message }
            : { status: 500, message: 'Something went wrong on our side. Please try again.' },
        });
      }
    }),
    uploadErrors,
  ];
}

/**
 * A county's contractor list (docs/decisions/0130-contractor-import.md), mounted before the
 * JSON-only rule like the other uploads: POST .../preview reads the file and says what each row
 * would become, writing nothing; POST /admin/imports commits the same file with the same mapping.
 * Stateless: the browser keeps the file between the two, so any app process can answer either.
 */
export function contractorImportRoutes(ctx: AppContext, session: RequestHandler[]): Router {
  const router = Router();
  const asAdmin = (req: Request): Importer => ({ kind: 'admin', scope: adminScopeOf(req), actor: adminOf(req) });
  router.post('/admin/imports/preview', ...session, requireAdmin(ctx), ...importUpload(ctx, false, asAdmin));
  router.post('/admin/imports', ...session, requireAdmin(ctx), ...importUpload(ctx, true, asAdmin));
  return router;
}

/**
 * The same for `npm run contractors:import` while the app holds the embedded database, behind the
 * operator channel's token instead of a session (docs/decisions/0134-operator-channel.md): every county.
 */
export function operatorImportRoutes(ctx: AppContext): Router {
  const router = Router();
  const operator = (): Importer => ({ kind: 'command-line' });
  router.post('/imports/preview', ...importUpload(ctx, false, operator));
  router.post('/imports', ...importUpload(ctx, true, operator));
  return router;
}

/** The imports' list and 'approve all of this import' (JSON, after the JSON-only rule). */
export function importRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/admin/imports',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      res.json(await listImports(ctx, adminScopeOf(req)));
    }),
  );
  router.post(
    '/admin/imports/:id/approve',
    requireAdmin(ctx, { owns: 'import' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid import id');
      res.json(await approveImport(ctx, id));
    }),
  );
  // Invitations to claim, one job per business, sent slowly (docs/decisions/0132-claim-invitations.md).
  router.post(
    '/admin/imports/:id/invite',
    requireAdmin(ctx, { owns: 'import' }),
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Invalid import id');
      res.status(202).json(await inviteImport(ctx, id));
    }),
  );
  return router;
}
