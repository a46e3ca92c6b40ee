import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Request, Response } from 'express';

const gzipAsync = promisify(gzip);

/** Below this a gzip costs more than it saves (the compression middleware's own threshold). */
const GZIP_FROM = 1024;

/**
 * The JSON text and gzip of answers, kept as long as the answer object itself lives. Cached
 * services (the directory) hand out the same object until their data changes, so a repeated
 * question skips serialising and compressing, which under load cost more than finding the
 * answer. A fresh object each time is serialised once and forgotten with it. Cached answers
 * must therefore never be mutated, which the services that cache already promise.
 */
const bodies = new WeakMap<object, { json: string; gzip?: Promise<Buffer> }>();

export async function sendJson(req: Request, res: Response, value: unknown): Promise<void> {
  if (value === null || typeof value !== 'object') {
    res.json(value);
    return;
  }
  let body = bodies.get(value);
  if (!body) bodies.set(value, (body = { json: JSON.stringify(value) }));
  res.type('json').setHeader('Vary', 'Accept-Encoding');
  if (body.json.length < GZIP_FROM || req.acceptsEncodings('gzip', 'identity') !== 'gzip') {
    res.send(body.json);
    return;
  }
  body.gzip ??= gzipAsync(body.json);
  const gzipped = await body.gzip;
  // The compression middleware leaves an answer alone once it has a Content-Encoding.
  res.setHeader('Content-Encoding', 'gzip').send(gzipped);
}
