import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { scrubText, type Logger } from '../logger';

/** An id a proxy or client sent is kept when it is a plain token; anything else is replaced. */
const GOOD_ID = /^[\w.:@/+=-]{1,128}$/;
/** Query parameters whose values are secrets or contact details, whatever page they are on. */
const SECRET_PARAM = /token|session_id|code|secret|^key$|api_?key|pass|e-?mail|phone/i;
/** Pages whose address carries a secret: the review link's token (docs/decisions.md §12). */
const SECRET_PATH = /^(\/review\/)[^/?#]+/;
/** Probes hit every few seconds: logged only when they fail. */
const PROBE = /^\/api\/health(\/live|\/ready)?$/;

const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** The address as it is safe to log: secret query values dropped, contact details in others replaced; the rest as sent. */
export function loggablePath(address: string): string {
  const originalUrl = address.replace(SECRET_PATH, '$1redacted');
  const q = originalUrl.indexOf('?');
  if (q < 0) return originalUrl;
  const pairs = originalUrl
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const [key, value] = [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
      if (SECRET_PARAM.test(key)) return `${pair.slice(0, eq)}=redacted`;
      const scrubbed = scrubText(value);
      return scrubbed === value ? pair : `${pair.slice(0, eq)}=${encodeURIComponent(scrubbed).replace(/%5B/g, '[').replace(/%5D/g, ']')}`;
    });
  return `${originalUrl.slice(0, q)}?${pairs.join('&')}`;
}

const pathOf = (req: IncomingMessage) => loggablePath(((req as Request).originalUrl ?? req.url ?? '').split('?')[0]!);

function roleOf(req: Request): string {
  return req.session?.user?.kind ?? 'anonymous';
}

/**
 * Gives every request an id (the caller's X-Request-Id, or a new one), echoes it in the answer and
 * puts it on every line logged for the request; with `enabled`, writes one line per answer: method,
 * path, status, duration, client address and role (docs/decisions.md §7).
 */
export function requestLog(log: Logger, enabled: boolean): RequestHandler {
  const middleware = pinoHttp<IncomingMessage, ServerResponse>({
    logger: log.pino,
    quietReqLogger: true,
    quietResLogger: true,
    autoLogging: enabled,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && GOOD_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      return PROBE.test(pathOf(req)) ? 'silent' : 'info';
    },
    customSuccessObject: (req, res, val: { responseTime: number }) => fields(req as Request, res, val.responseTime),
    // The error's stack is logged once, by the error middleware, under the same request id.
    customErrorObject: (req, res, _err, val: { responseTime: number }) => fields(req as Request, res, val.responseTime),
    customSuccessMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
  });
  return middleware as unknown as RequestHandler;
}

function fields(req: Request, res: ServerResponse, durationMs: number) {
  return {
    method: req.method,
    path: loggablePath(req.originalUrl),
    status: res.statusCode,
    durationMs,
    address: req.ip,
    role: roleOf(req),
    // A client that hung up before the answer was sent.
    ...(res.writableFinished ? {} : { aborted: true }),
  };
}
