import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { PhotoFormat } from '@shared/schemas/photos';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { loadAdminAccount, scopeOf } from '../../counties/admin-scope';
import { mediaFile, type MediaAnswer, type MediaViewer } from '../media';

const FILE_NAME = /^([0-9a-f]{64})\.(webp|avif)$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Runs the session middleware for this one request, to learn who asks. */
function runSession(session: RequestHandler[], req: Request, res: Response): Promise<void> {
  return session.reduce<Promise<void>>(
    (done, step) =>
      done.then(
        () =>
          new Promise<void>((resolve, reject) => step(req, res, (err?: unknown) => (err ? reject(err) : resolve()))),
      ),
    Promise.resolve(),
  );
}

async function viewerOf(ctx: AppContext, req: Request): Promise<MediaViewer> {
  const user = req.session?.user;
  if (user?.kind === 'contractor') return { kind: 'contractor', contractorId: user.contractorId };
  if (user?.kind === 'admin') {
    const account = await loadAdminAccount(ctx, user.adminUserId);
    if (account) return { kind: 'admin', scope: scopeOf(user.adminUserId, account, user.countyId) };
  }
  return { kind: 'anyone' };
}

/**
 * GET /media/<sha-256>.<webp|avif> (docs/decisions/0110-contractor-photos.md): a photo file by its
 * content hash. A file of an approved photo is anyone's, cached for good (its name changes when its
 * bytes do); one not yet approved only its contractor's and the reviewing administrators', never
 * kept by a cache. The session is read only then: public files cost no session lookup. Anything
 * else is 404, whether it exists or not.
 */
export function mediaRoutes(ctx: AppContext, session: RequestHandler[]): Router {
  const router = Router();
  router.get(
    '/media/:file',
    asyncHandler(async (req, res) => {
      const match = FILE_NAME.exec(String(req.params.file));
      if (!match) return void res.status(404).type('text/plain').send('Not found');
      const [, hash, format] = match as unknown as [string, string, PhotoFormat];
      let answer: MediaAnswer | null = await mediaFile(ctx, hash, format, { kind: 'anyone' });
      if (!answer) {
        await runSession(session, req, res);
        const viewer = await viewerOf(ctx, req);
        if (viewer.kind !== 'anyone') answer = await mediaFile(ctx, hash, format, viewer);
      }
      if (!answer)
        return void res.status(404).setHeader('Cache-Control', 'no-store').type('text/plain').send('Not found');
      res
        .status(200)
        .setHeader('Cache-Control', answer.public ? IMMUTABLE : 'private, no-store')
        .type(answer.file.contentType)
        .send(answer.file.bytes);
    }),
  );
  return router;
}
