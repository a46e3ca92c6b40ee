import type { RequestHandler } from 'express';

/** The client's server-render entry (client/src/entry-server.tsx), as the server sees it. */
export interface EntryServer {
  renderPage(
    url: string,
    template: string,
    opts: import('../../client/src/entry-server').RenderOptions,
  ): Promise<import('../../client/src/entry-server').PageResponse>;
}

/** Where the HTML template and render entry come from: Vite in development, dist/ in production. */
export interface PageRenderer {
  readonly mode: 'vite' | 'built';
  /** Serves the browser's assets. */
  assets: RequestHandler;
  load(url: string): Promise<{ template: string; entry: EntryServer }>;
  /** Improves a render error's stack trace (Vite source maps). */
  fixStack?(err: Error): void;
  close(): Promise<void>;
}
