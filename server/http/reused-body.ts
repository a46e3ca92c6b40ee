import type { Request, Response } from 'express';
import type { AnswerBodies, AnswerBody } from './answer-bodies';

/** Below this a gzip costs more than it saves (the compression middleware's own threshold). */
const GZIP_FROM = 1024;

/**
 * Sends an answer as JSON, gzipped for clients that accept it. The read model keeps the text, gzip
 * and ETags of each frozen answer (server/http/answer-bodies.ts), so an answer handed out again is not
 * serialised, compressed or hashed again. The ETag is Express's own (weak, of the bytes sent), so a
 * client revalidating gets its 304 as before.
 */
export async function sendJson(req: Request, res: Response, value: unknown, bodies: AnswerBodies): Promise<void> {
  if (value === null || typeof value !== 'object') {
    res.json(value);
    return;
  }
  const body = bodies.of(value);
  await sendBody(res, body, body.length >= GZIP_FROM && acceptsGzip(req) ? 'gzip' : 'plain');
}

/** Sends a kept body as sendJson does, as its gzip or as plain JSON. */
async function sendBody(res: Response, body: AnswerBody, encoding: 'gzip' | 'plain'): Promise<void> {
  res.setHeader('Content-Type', 'application/json; charset=utf-8').setHeader('Vary', 'Accept-Encoding');
  if (encoding === 'plain') {
    res.setHeader('ETag', body.etag()).send(body.json);
    return;
  }
  const gzipped = await body.gzip();
  // The compression middleware leaves an answer alone once it has a Content-Encoding.
  res
    .setHeader('Content-Encoding', 'gzip')
    .setHeader('ETag', await body.gzipEtag())
    .send(gzipped);
}

/**
 * How sendJson sends this body when the compression middleware has nothing left to do: as gzip
 * to a client that accepts it (`gzipAccepted`, as acceptsGzip answers), or as a text below
 * compression's threshold (in bytes, as it counts); otherwise null (compression may use another encoding).
 */
export function sentAsIs(body: AnswerBody, gzipAccepted: boolean): 'gzip' | 'plain' | null {
  if (body.length < GZIP_FROM) return Buffer.byteLength(body.json) < GZIP_FROM ? 'plain' : null;
  return gzipAccepted ? 'gzip' : null;
}

/** Whether sendJson would send the client gzip: its Accept-Encoding prefers gzip to identity. */
export const acceptsGzip = (req: Request) => req.acceptsEncodings('gzip', 'identity') === 'gzip';
