import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type { EntryServer, PageRenderer } from './renderer';

/** Development: Vite in middleware mode inside this process, with HMR on the same HTTP server. */
export async function createViteRenderer(httpServer: Server): Promise<PageRenderer> {
  const { createServer } = await import('vite');
  const root = path.resolve('client');
  const vite = await createServer({
    configFile: path.resolve('vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: 'custom',
  });
  return {
    mode: 'vite',
    assets: vite.middlewares,
    async load(url) {
      const raw = await readFile(path.join(root, 'index.html'), 'utf8');
      const template = await vite.transformIndexHtml(url, raw);
      const entry = (await vite.ssrLoadModule('/src/entry-server.tsx')) as EntryServer;
      return { template, entry };
    },
    fixStack: (err) => vite.ssrFixStacktrace(err),
    close: () => vite.close(),
  };
}
