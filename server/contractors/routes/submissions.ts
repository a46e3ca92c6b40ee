import { Router } from 'express';
import { isBot } from '@shared/forms';
import { submissionSchemaFor, type SubmissionResult } from '@shared/schemas/submission';
import type { AppContext } from '../../context';
import { forAnyone } from '../../http/auth';
import { asyncHandler } from '../../http/async-handler';
import { regionOfRequest } from '../../http/county-site';
import { parseInput } from '../../http/validate';
import { perCounty } from '../../counties/per-county';
import { submitBusiness } from '../submissions';
import { formLimits } from '../../http/routes/form-limits';

const RECEIVED = 'Submission received';
// The services and towns offered are the county's whose site is asked (docs/decisions/0105-county-sites-open.md).
const submissionSchema = perCounty(submissionSchemaFor);

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
      const region = await regionOfRequest(ctx, res);
      const { id, certificateUploadToken } = await submitBusiness(
        ctx,
        parseInput(submissionSchema(region), req.body),
        region,
      );
      res.status(201).json({ id, message: RECEIVED, certificateUploadToken } satisfies SubmissionResult);
    }),
  );
  return router;
}
