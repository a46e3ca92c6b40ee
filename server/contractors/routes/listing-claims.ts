import { Router } from 'express';
import { claimCodeRequestSchema, claimVerifySchema } from '@shared/schemas/listing-claims';
import { contractorIdSchema } from '@shared/schemas/directory';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { forAnyone } from '../../http/auth';
import { countyOf } from '../../http/county-site';
import { rateLimit } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import { optOut } from '../claims/claim-invitations';
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
