import type { RequestHandler } from 'express';

/** API bodies are JSON only (415 otherwise); requests without a body pass. */
export const jsonOnly: RequestHandler = (req, res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody || ['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
  if (!req.is('application/json')) {
    res.status(415).json({ message: 'Send the request body as JSON (Content-Type: application/json)' });
    return;
  }
  next();
};
