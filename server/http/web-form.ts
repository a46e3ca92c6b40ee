import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { PostedFormName } from '@shared/forms';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { toErrorAnswer } from './error-middleware';
import { formValues, postedPath, urlencodedOnly, type FormFields } from './form-body';
import { sameOriginOnly } from './same-origin';

/**
 * What a page form sent without JavaScript meets first (docs/decisions/0023-forms-without-javascript.md):
 * the cross-site check, a web form's body only (415 for anything else) and the body limit.
 */
export function webForm(env: Pick<Env, 'PUBLIC_URL' | 'BODY_LIMIT'>, log: Logger): RequestHandler[] {
  return [
    sameOriginOnly({ publicUrl: env.PUBLIC_URL, log }),
    urlencodedOnly,
    express.urlencoded({ extended: false, limit: env.BODY_LIMIT }),
  ];
}

/**
 * A refused form goes back to its page: the page handler renders it with what was typed (the
 * `shown` fields only), the field errors and the message (res.locals.postedForm), under the error's
 * status. Errors nobody foresaw go on to the error middleware.
 */
export function refusedForm(log: Logger) {
  return (form: PostedFormName, shown: FormFields): ErrorRequestHandler =>
    (err, req, res, next) => {
      const http = toErrorAnswer(err);
      if (!http) return next(err);
      if (http.status >= 500)
        log.warn('form refused', { reqId: req.id, path: postedPath(req), status: http.status, error: http.message });
      if (http.headers) res.set(http.headers);
      res.locals.postedForm = {
        status: http.status,
        state: {
          form,
          path: postedPath(req),
          values: formValues(req.body, shown),
          errors: http.errors ?? {},
          message: http.message,
        },
      };
      next();
    };
}
