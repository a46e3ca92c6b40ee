import type { AddressInfo } from 'node:net';
import type { PostedForm } from '../../shared/forms';
import { createApp } from '../../server/app';
import { createHttpServer } from '../../server/http/http-server';
import type { AppContext } from '../../server/context';
import type { PageRenderer } from '../../server/render/renderer';
import { TestClient } from './http-client';

const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

/**
 * The app of `ctx` served with the server renderer (the client's render entry, as in
 * development), for API tests that read pages: a client for it and a close that ends its connections.
 */
export async function servePages(ctx: AppContext) {
  const entry = await import('../../client/src/entry-server');
  const renderer: PageRenderer = {
    mode: 'built',
    assets: (_req, _res, next) => next(),
    load: async () => ({ template, entry }),
    close: async () => {},
  };
  const server = createHttpServer(createApp({ ctx, sessionSecret: ctx.env.SESSION_SECRET!, renderer }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, client: new TestClient(url), close };
}

let nextAddress = 1;

/**
 * A page's web form posted as a browser without JavaScript posts it (same origin), from an address
 * of its own each time (so the forms' rate limits never meet): the status, the redirect, the page
 * and, for a refused form, what the page was handed back (PostedForm).
 */
export async function postPageForm(pagesUrl: string, path: string, body = '') {
  const res = await fetch(`${pagesUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: pagesUrl,
      'Sec-Fetch-Site': 'same-origin',
      'X-Forwarded-For': `203.0.113.${nextAddress++ % 250}`,
    },
    body,
  });
  const html = await res.text();
  const boot = /<script id="__BOOT__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  const posted = boot ? ((JSON.parse(boot) as { postedForm?: PostedForm }).postedForm ?? null) : null;
  return { status: res.status, location: res.headers.get('location'), posted, html };
}
