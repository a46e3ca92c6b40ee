import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { VersionedLru } from '@shared/versioned-lru';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app/App';
import type { SiteConfig } from './app/config';
import { headElements, headToHtml, type HeadTags } from './app/head';
import { findRoute, notFoundPage } from './app/routes';
import { ServerRenderState } from './app/server-context';
import type { ApiKey } from './lib/api';
import { createQueryClient } from './lib/query-client';
import { BOOT_ELEMENT_ID, serializeBoot } from './boot';

export interface RenderOptions {
  config: SiteConfig;
  /** Answers a page's GET on the server, as the API would; throws an error with a status when the API would fail. */
  resolve: (key: ApiKey) => Promise<unknown>;
}

export type RenderResult =
  | { kind: 'page'; status: number; html: string; head: string; queries: DehydratedState }
  /** Admin and portal pages: the browser renders them; the server sends the shell only. */
  | { kind: 'client-only'; head: string };

const clientOnlyHead: HeadTags = { title: 'Sullivan County Contractors', description: 'Account area.', path: '/', robots: 'noindex, nofollow' };

/** Errors cross to the browser as plain data so an error screen hydrates as an error screen. */
function plainError(err: unknown) {
  const e = err as { status?: number; message?: string };
  const status = typeof e.status === 'number' ? e.status : 500;
  const message = e.message ?? 'Error';
  return { name: 'ApiError', status, message: `${status}: ${JSON.stringify({ message })}`, serverMessage: message, fieldErrors: {} };
}

/**
 * The last page made for each address, stamped with the inputs it was made from: rendering is
 * the costliest part of a public page, and most visitors see the same data.
 */
const renderedPages = new VersionedLru<Extract<RenderResult, { kind: 'page' }>>(256);

export async function render(url: string, opts: RenderOptions): Promise<RenderResult> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const { route, params } = findRoute(pathname);
  if (route && !route.ssr) return { kind: 'client-only', head: headToHtml(headElements({ ...clientOnlyHead, path: pathname }, opts.config.siteUrl)) };

  await (route?.page ?? notFoundPage).load();
  const queryClient = createQueryClient();
  const keys = route?.data?.({ params, search: new URLSearchParams(search) }) ?? [];
  await Promise.all(keys.map((key) => queryClient.prefetchQuery({ queryKey: key, queryFn: () => opts.resolve(key) })));

  const all = queryClient.getQueryCache().getAll();
  // The page is a function of the address, the data and the settings (and the footer's year):
  // when those match the last render of this address, that page is answered again. The data's
  // timestamps it carries do not matter, as the browser never treats hydrated data as stale.
  const inputs = all.some((q) => q.state.status === 'error') ? null : JSON.stringify([opts.config, new Date().getFullYear(), all.map((q) => [q.queryHash, q.state.data])]);
  const cached = inputs === null ? undefined : renderedPages.get(url, inputs);
  if (cached) {
    queryClient.clear();
    return cached;
  }
  const state = new ServerRenderState();
  const html = renderToString(
    <StrictMode>
      <App queryClient={queryClient} config={opts.config} ssr={{ path: pathname, search: search.replace(/^\?/, ''), state }} />
    </StrictMode>,
  );
  // A page whose data could not be read because the service is down says so to crawlers and monitors.
  const failed = all.some((q) => q.state.status === 'error' && ((q.state.error as { status?: number } | null)?.status ?? 500) >= 500);
  if (failed && state.status < 500) state.status = 503;
  const queries = dehydrate(queryClient, { shouldDehydrateQuery: () => true });
  for (const q of queries.queries) {
    if (q.state.error) q.state.error = plainError(q.state.error) as unknown as Error;
  }
  queryClient.clear();
  const head = state.head ?? { title: 'Sullivan County Contractors', description: 'Find trusted building contractors in Sullivan County, PA.', path: pathname };
  const result = { kind: 'page' as const, status: state.status, html, head: headToHtml(headElements(head, opts.config.siteUrl)), queries };
  if (inputs !== null) renderedPages.set(url, inputs, result);
  return result;
}

export interface PageResponse {
  status: number;
  html: string;
  /** Client-only pages are kept out of search engines. */
  noindex: boolean;
}

/** The whole HTML document for a URL: head tags, rendered markup and the data it was rendered with. */
export async function renderPage(url: string, template: string, opts: RenderOptions): Promise<PageResponse> {
  const result = await render(url, opts);
  const boot = serializeBoot({ config: opts.config, queries: result.kind === 'page' ? result.queries : null });
  const html = template
    .replace('<!--app-head-->', result.head)
    .replace('<!--app-html-->', result.kind === 'page' ? result.html : '')
    .replace('<!--app-state-->', `<script id="${BOOT_ELEMENT_ID}" type="application/json">${boot}</script>`);
  return { status: result.kind === 'page' ? result.status : 200, html, noindex: result.kind === 'client-only' };
}
