import { Router } from 'express';
import { isBot } from '@shared/forms';
import { submissionSchema, type SubmissionResult } from '@shared/schemas/submission';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { rateLimit } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import { submitBusiness } from '../services/submissions';

const RECEIVED = 'Submission received';

export function submissionRoutes(ctx: AppContext): Router {
  const router = Router();
  const limit = rateLimit({ max: 5, windowMs: 60 * 60_000, message: 'Too many submissions from your network. Please try again later.', enabled: ctx.env.RATE_LIMIT !== false });

  router.post(
    '/contractors/submit',
    limit,
    asyncHandler(async (req, res) => {
      // Bots that fill the hidden field are told it worked and nothing is stored (docs/decisions.md §1.9).
      if (isBot(req.body)) {
        res.status(200).json({ id: 0, message: RECEIVED } satisfies SubmissionResult);
        return;
      }
      const { id } = await submitBusiness(ctx, parseInput(submissionSchema, req.body));
      res.status(201).json({ id, message: RECEIVED } satisfies SubmissionResult);
    }),
  );
  return router;
}
