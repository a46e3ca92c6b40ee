import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { Router } from 'express';
import { inlineStylesheets } from './inline-css';
import { precompressedAssets } from './precompressed';
import type { EntryServer, PageRenderer } from './renderer';

/** Production: the built client in dist/client and the built render entry in dist/ssr. */
export async function createBuiltRenderer(distDir: string): Promise<PageRenderer> {
  const clientDir = path.join(distDir, 'client');
  const template = inlineStylesheets(readFileSync(path.join(clientDir, 'index.html'), 'utf8'), clientDir);
  const entry = (await import(pathToFileURL(path.join(distDir, 'ssr', 'entry-server.js')).href)) as EntryServer;
  const statics = express.static(clientDir, {
    index: false,
    setHeaders(res, file) {
      // Hashed file names never change content.
      if (file.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const files = Router().use(precompressedAssets(clientDir), statics);
  return {
    mode: 'built',
    // Only addresses with a file extension can be files; pages skip the file system lookups.
    assets: (req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? files(req, res, next) : next()),
    load: async () => ({ template, entry }),
    close: async () => {},
  };
}
