import type { Request, Response } from 'express';
import type { AnswerBodies } from '../directory';

/** Below this a gzip costs more than it saves (the compression middleware's own threshold). */
const GZIP_FROM = 1024;

/**
 * Sends an answer as JSON, gzipped for clients that accept it. The read model keeps the text and
 * gzip of each frozen answer (server/directory/bodies.ts), so an answer handed out again is not
 * serialised or compressed again.
 */
export async function sendJson(req: Request, res: Response, value: unknown, bodies: AnswerBodies): Promise<void> {
  if (value === null || typeof value !== 'object') {
    res.json(value);
    return;
  }
  const body = bodies.of(value);
  res.type('json').setHeader('Vary', 'Accept-Encoding');
  if (body.json.length < GZIP_FROM || req.acceptsEncodings('gzip', 'identity') !== 'gzip') {
    res.send(body.json);
    return;
  }
  const gzipped = await body.gzip();
  // The compression middleware leaves an answer alone once it has a Content-Encoding.
  res.setHeader('Content-Encoding', 'gzip').send(gzipped);
}
