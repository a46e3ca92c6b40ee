import { Router } from 'express';
import { isBot } from '@shared/forms';
import { region } from '@shared/region';
import { submissionSchemaFor, type SubmissionResult } from '@shared/schemas/submission';
import type { AppContext } from '../context';
import { forAnyone } from '../http/auth';
import { asyncHandler } from '../http/async-handler';
import { parseInput } from '../http/validate';
import { submitBusiness } from '../services/submissions';
import { formLimits } from './form-limits';

const RECEIVED = 'Submission received';
// The default county's lists and rules, as before; they become the request's county's with the services (docs/decisions/0102-region-in-boot-data.md).
const submissionSchema = submissionSchemaFor(region);

export function submissionRoutes(ctx: AppContext): Router {
  const router = Router();
  const limit = formLimits(ctx).submission;

  router.post(
    '/contractors/submit',
    forAnyone,
    limit,
    asyncHandler(async (req, res) => {
      // Bots that fill the hidden field are told it worked and nothing is stored (docs/decisions/0028-public-forms.md).
      if (isBot(req.body)) {
        res.status(200).json({ id: 0, message: RECEIVED } satisfies SubmissionResult);
        return;
      }
      const { id, certificateUploadToken } = await submitBusiness(ctx, parseInput(submissionSchema, req.body));
      res.status(201).json({ id, message: RECEIVED, certificateUploadToken } satisfies SubmissionResult);
    }),
  );
  return router;
}
