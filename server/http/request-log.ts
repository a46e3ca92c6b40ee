import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { scrubText, type Logger } from '../logger';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id, set by requestLog for every request and echoed as X-Request-Id. */
    id?: string;
  }
}

/** An id a proxy or client sent is kept when it is a plain token; anything else is replaced. */
const GOOD_ID = /^[\w.:@/+=-]{1,128}$/;
/** Query parameters whose values are secrets or contact details, whatever page they are on. */
const SECRET_PARAM = /token|session_id|code|secret|^key$|api_?key|pass|e-?mail|phone/i;
/**
 * Addresses that carry a secret: the review link's token (docs/decisions/0051-review-links.md), a
 * released request's "Send my request to them" link (docs/decisions/0117-lead-routing.md), a
 * request's own page (docs/decisions/0128-request-page-and-replies.md).
 */
const SECRET_PATH = /^(\/review\/|(?:\/api)?\/(?:alternatives|requests)\/)[^/?#]+/;
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
      return scrubbed === value
        ? pair
        : `${pair.slice(0, eq)}=${encodeURIComponent(scrubbed).replace(/%5B/g, '[').replace(/%5D/g, ']')}`;
    });
  return `${originalUrl.slice(0, q)}?${pairs.join('&')}`;
}

const pathOf = (req: IncomingMessage) => loggablePath(((req as Request).originalUrl ?? req.url ?? '').split('?')[0]!);

function roleOf(req: Request): string {
  return req.session?.user?.kind ?? 'anonymous';
}

/** The request-id middleware; `begin` does its work without setting the header, for an answer that writes its headers in one go. */
export type RequestLog = RequestHandler & {
  /** Gives the request its id and, with the log on, its line once answered; answers the id for the X-Request-Id header. Once a request. */
  begin(req: Request, res: ServerResponse): string;
};

/**
 * Gives every request an id (the caller's X-Request-Id, or a new one), echoes it in the answer and
 * puts it on every line logged for the request; with `enabled`, writes one line per answer: method,
 * path, status, duration, client address and role (docs/decisions/0078-logs.md). The line is
 * written by a child logger bound to the id, made only when a line is written: making loggers for
 * every request (as pino-http does, even with its logging off) cost more than a cached search's
 * lookup (docs/decisions/0072-public-answers-fast-path.md).
 */
export function requestLog(log: Logger, enabled: boolean): RequestLog {
  const begin = (req: Request, res: ServerResponse) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && GOOD_ID.test(given) ? given : randomUUID();
    req.id = id;
    if (enabled) {
      const started = Date.now();
      const done = () => {
        res.removeListener('close', done);
        res.removeListener('finish', done);
        writeLine(log, req, res, id, Date.now() - started);
      };
      res.on('close', done);
      res.on('finish', done);
    }
    return id;
  };
  const middleware: RequestHandler = (req, res, next) => {
    // A request publicAnswers began and left to the router keeps its id and its timing.
    res.setHeader('X-Request-Id', req.id ?? begin(req, res));
    next();
  };
  return Object.assign(middleware, { begin });
}

function writeLine(log: Logger, req: Request, res: ServerResponse, reqId: string, durationMs: number) {
  const failed = res.statusCode >= 500;
  if (!failed && PROBE.test(pathOf(req))) return;
  const child = log.pino.child({ reqId });
  const line = `${req.method} ${pathOf(req)} ${res.statusCode}`;
  if (failed) child.error(fields(req, res, durationMs), line);
  else child.info(fields(req, res, durationMs), line);
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
