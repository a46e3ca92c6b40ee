import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/**
 * Serves /assets/* from the .gz files the build wrote with zopfli (smaller than on-the-fly
 * gzip), to clients that accept gzip. Everything else falls through to the static files.
 */
export function precompressedAssets(clientDir: string): RequestHandler {
  const assetsDir = path.join(clientDir, 'assets');
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/')) return next();
    if (!/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return next();
    const file = path.join(assetsDir, path.basename(req.path));
    const gz = `${file}.gz`;
    if (path.dirname(file) !== assetsDir || !existsSync(gz)) return next();
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(path.extname(file));
    res.sendFile(gz, (err) => {
      if (err) next(err);
    });
  };
}
