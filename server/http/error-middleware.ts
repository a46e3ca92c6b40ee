import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../logger';
import { isUnreachableError } from '../db/unreachable';
import { DomainError, type DomainErrorKind } from '../domain/errors';

/**
 * What an error becomes on the wire: a status, { message, errors? } and headers. Code throws domain
 * errors (server/domain/errors.ts), never this; it is made here only, and read by the two places
 * that answer an error themselves (a refused web form, a server-rendered page's query).
 */
export class ErrorAnswer extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ErrorAnswer';
  }
}

/** zlib's codes (Z_DATA_ERROR, Z_BUF_ERROR) and brotli's (ERR__ERROR_FORMAT_...). */
const ZLIB_CODE = /^(Z_[A-Z_]+|ERR__ERROR_[A-Z0-9_]+)$/;

interface Coded {
  code?: string;
  message?: string;
  cause?: unknown;
  status?: number;
  statusCode?: number;
  type?: string;
}

/** The error and its causes (Drizzle wraps driver errors). */
function* chain(err: unknown): Generator<Coded> {
  let cur: unknown = err;
  for (let i = 0; cur && typeof cur === 'object' && i < 5; i++) {
    yield cur as Coded;
    cur = (cur as Coded).cause;
  }
}

/** The one place a domain error becomes an HTTP status. */
const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  too_large: 413,
  unsupported_type: 415,
  unprocessable: 422,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
  upstream_failed: 502,
};

function fromDomain(e: DomainError): ErrorAnswer {
  const { fields, retryAfterSeconds } = e.details;
  const headers =
    retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  return new ErrorAnswer(STATUS[e.kind], e.message, fields, headers);
}

/** Translates anything thrown into { status, message, errors? }. Unknown errors are 500 and logged. */
export function toErrorAnswer(err: unknown): ErrorAnswer | null {
  if (err instanceof ErrorAnswer) return err;
  for (const e of chain(err)) {
    if (e instanceof ErrorAnswer) return e;
    if (e instanceof DomainError) return fromDomain(e);
    // A path with a broken %-escape cannot be decoded into route parameters.
    if (e instanceof URIError) return new ErrorAnswer(400, 'The address contains an invalid character encoding');
    // body-parser errors carry a type and a status.
    if (e.type === 'entity.too.large') return new ErrorAnswer(413, 'The request body is too large');
    if (e.type === 'entity.parse.failed') return new ErrorAnswer(400, 'The request body is not valid JSON');
    if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported')
      return new ErrorAnswer(415, 'Unsupported request encoding');
    if (e.type === 'request.aborted') return new ErrorAnswer(400, 'The request was aborted');
    // A body that does not decompress as its Content-Encoding says: body-parser passes zlib's error on untyped.
    if (e.code && ZLIB_CODE.test(e.code))
      return new ErrorAnswer(400, 'The request body could not be decompressed as its Content-Encoding header says');
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.type)
      return new ErrorAnswer(e.status, e.message ?? 'Bad request');
    if (isUnreachableError(e))
      return new ErrorAnswer(503, 'The service is temporarily unavailable. Please try again shortly.');
    // Input that reached the database in a shape it refuses: the caller's fault, never a 500.
    if (e.code === '23505') return new ErrorAnswer(409, 'That record already exists');
    if (e.code === '23503') return new ErrorAnswer(409, 'A related record does not exist');
    if (e.code === '22P02' || e.code === '22003' || e.code === '22001' || e.code === '22021' || e.code === '54000') {
      return new ErrorAnswer(400, 'A value in the request is not valid');
    }
  }
  return null;
}

/** Drizzle's "Failed query" hides the driver's reason in its causes; the log needs it. */
function describeCauses(err: unknown): string[] {
  return [...chain(err)].slice(1).map((e) => [e.code, e.message].filter(Boolean).join(' '));
}

export function errorMiddleware(log: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const http = toErrorAnswer(err);
    if (!http) {
      // One line with the stack and the request's id (the request line has the same id).
      log.error('unhandled error', {
        reqId: req.id,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        err,
        causes: describeCauses(err),
      });
      res.status(500).json({ message: 'Something went wrong on our side. Please try again.' });
      return;
    }
    if (http.status >= 500)
      log.warn('request failed', {
        reqId: req.id,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: http.status,
        error: err instanceof Error ? err.message : String(err),
      });
    if (http.headers) res.set(http.headers);
    res
      .status(http.status)
      .json(http.errors ? { message: http.message, errors: http.errors } : { message: http.message });
  };
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route for ${req.method} ${req.path}` });
};
