import type { Request, RequestHandler, Response } from 'express';
import type { RequestLog } from './request-log';
import { fixedHeadersOf } from './security-headers';

/**
 * What every answer of the app gets first (docs/decisions/0072-public-answers-fast-path.md): the
 * security headers, a request id echoed as X-Request-Id with its log line, and the profile view
 * count. Defined once for the two ways an answer is written: `middleware` in front of the chain,
 * and `begin` for an answer written in one call before the chain (publicAnswers,
 * server/http/query-routes.ts), which writes the headers `begin` answers. Whatever every answer
 * must get is added here, so both paths get it.
 */
export interface Front {
  middleware: RequestHandler;
  /**
   * Starts the request (its id, its log line once answered, its view count once answered) and
   * answers the headers to write, as a flat [name, value, ...] list. Once a request: a request
   * begun here and then left to the chain keeps its id and its timing.
   */
  begin(req: Request, res: Response): readonly string[];
}

export interface FrontParts {
  /** The security headers' middleware (Helmet): its headers must be fixed (fixedHeadersOf). */
  security: RequestHandler;
  requestLog: RequestLog;
  /** Counts a profile view once answered; must call next at once. */
  countProfileViews: RequestHandler;
}

const BEGUN = 'frontHeaders';

export function front({ security, requestLog, countProfileViews }: FrontParts): Front {
  const fixed = fixedHeadersOf(security).flat();
  const begin = (req: Request, res: Response): readonly string[] => {
    const begun = res.locals[BEGUN] as readonly string[] | undefined;
    if (begun) return begun;
    const headers = [...fixed, 'X-Request-Id', requestLog.begin(req, res)];
    countProfileViews(req, res, (err?: unknown) => {
      if (err) throw err;
    });
    res.locals[BEGUN] = headers;
    return headers;
  };
  const middleware: RequestHandler = (req, res, next) => {
    const headers = begin(req, res);
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
    next();
  };
  return { middleware, begin };
}
