import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { deepFreeze } from '@shared/deep-freeze';
import type { PostedForm } from '@shared/forms';
import type { Region } from '@shared/region';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app/App';
import type { SiteConfig } from './lib/site-config';
import { headElements, headToHtml, type HeadTags } from './components/head';
import { routeData, type PageCache } from './app/route-data';
import { findRoute, notFoundPage } from './app/routes';
import { ServerRenderState } from './lib/server-context';
import type { ApiKey } from './lib/api';
import { createQueryClient } from './lib/query-client';
import { BOOT_ELEMENT_ID, serializeBoot } from './boot';
import { fillTemplate } from './fill-template';

/**
 * Where the last page made for each address is kept with what it read (the server's app owns it:
 * server/render/page-cache.ts). A page is answered again when it read the same values, compared
 * one by one by identity: the server's read model hands out the same frozen answer until its data
 * changes. Values are what render() stored.
 */
export interface PageMemo {
  get(url: string, reads: readonly unknown[]): object | undefined;
  set(url: string, reads: readonly unknown[], page: object): void;
}

export interface RenderOptions {
  config: SiteConfig;
  /** The county whose site the request is for (docs/decisions/0102-region-in-boot-data.md): the page is rendered with it and carries it to the browser. The server hands out the same object until the county changes, so the page memo compares it by identity. */
  region: Region;
  /** Answers a page's GET on the server, as the API would; throws an error with a status when the API would fail. */
  resolve: (key: ApiKey) => Promise<unknown>;
  /** Rendering is the costliest part of a public page and most visitors see the same data: with a memo, a page whose inputs are unchanged is answered again. */
  pages?: PageMemo;
  /** The answer to a form sent without JavaScript that was refused: the page shows what was typed and why (never memoised). */
  postedForm?: PostedForm;
}

export type RenderResult =
  | { kind: 'page'; status: number; html: string; head: string; queries: DehydratedState; cache: PageCache }
  /** Admin and portal pages: the browser renders them; the server sends the shell only. */
  | { kind: 'client-only'; head: string };

const clientOnlyHead = (region: Region, path: string): HeadTags => ({
  title: region.siteTitle,
  description: 'Account area.',
  path,
  robots: 'noindex, nofollow',
});

/** Errors cross to the browser as plain data so an error screen hydrates as an error screen. */
function plainError(err: unknown) {
  const e = err as { status?: number; message?: string };
  const status = typeof e.status === 'number' ? e.status : 500;
  const message = e.message ?? 'Error';
  return {
    name: 'ApiError',
    status,
    message: `${status}: ${JSON.stringify({ message })}`,
    serverMessage: message,
    fieldErrors: {},
  };
}

type RenderedPage = Extract<RenderResult, { kind: 'page' }>;

export async function render(url: string, opts: RenderOptions): Promise<RenderResult> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const { route, params } = findRoute(pathname);
  if (route && !route.ssr)
    return {
      kind: 'client-only',
      head: headToHtml(headElements(clientOnlyHead(opts.region, pathname), opts.config.siteUrl, opts.region)),
    };

  await (route?.page ?? notFoundPage).load();
  const queryClient = createQueryClient();
  const input = { params, search: new URLSearchParams(search) };
  const reads = route ? routeData[route.path] : undefined;
  const keys = reads?.data?.(input, opts.region) ?? [];
  const secondary = reads?.secondaryData?.(input, opts.region) ?? [];
  await Promise.all(
    [...keys, ...secondary].map((key) =>
      queryClient.prefetchQuery({ queryKey: key, queryFn: () => opts.resolve(key) }),
    ),
  );

  const all = queryClient.getQueryCache().getAll();
  // The page is a function of the address (which names the queries), what they answered and the
  // settings, the county (and the footer's year): when those are the same as at the last render of this
  // address, that page is answered again. The data's timestamps it carries do not matter, as the
  // browser never treats hydrated data as stale.
  // (The settings are a new object of a few strings each request: compared as their text.)
  const used =
    !opts.pages || opts.postedForm || reads?.cache === 'private' || all.some((q) => q.state.status === 'error')
      ? null
      : [JSON.stringify(opts.config), opts.region, new Date().getFullYear(), ...all.map((q) => q.state.data)];
  const cached = used === null ? undefined : (opts.pages?.get(url, used) as RenderedPage | undefined);
  if (cached) {
    queryClient.clear();
    return cached;
  }
  const state = new ServerRenderState();
  const html = renderToString(
    <StrictMode>
      <App
        queryClient={queryClient}
        config={opts.config}
        region={opts.region}
        ssr={{ path: pathname, search: search.replace(/^\?/, ''), state }}
        postedForm={opts.postedForm}
      />
    </StrictMode>,
  );
  // A page whose data could not be read because the service is down says so to crawlers and monitors;
  // a secondary part that failed says so on the page, which is answered (never memoised, above).
  const required = new Set(
    keys.map((key) => queryClient.getQueryCache().find({ queryKey: key, exact: true })?.queryHash),
  );
  const failed = all.some(
    (q) =>
      required.has(q.queryHash) &&
      q.state.status === 'error' &&
      ((q.state.error as { status?: number } | null)?.status ?? 500) >= 500,
  );
  if (failed && state.status < 500) state.status = 503;
  const queries = dehydrate(queryClient, { shouldDehydrateQuery: () => true });
  for (const q of queries.queries) {
    if (q.state.error) q.state.error = plainError(q.state.error) as unknown as Error;
  }
  queryClient.clear();
  const { region } = opts;
  const head = state.head ?? {
    title: region.siteTitle,
    description: `Find trusted building contractors in ${region.displayName}.`,
    path: pathname,
  };
  const result = {
    kind: 'page' as const,
    status: state.status,
    html,
    head: headToHtml(headElements(head, opts.config.siteUrl, region)),
    queries,
    cache: reads?.cache ?? 'short',
  };
  // Frozen, as it is handed out again: a change to it would show on every later visitor's page.
  if (used !== null) opts.pages?.set(url, used, deepFreeze(result));
  return result;
}

export interface PageResponse {
  status: number;
  html: string;
  /** Client-only pages are kept out of search engines. */
  noindex: boolean;
  /** How long shared caches may keep it (the route's PageCache); 'private': the browser only (client-only pages too). */
  cache: PageCache;
}

/** The whole HTML document for a URL: head tags, rendered markup and the data it was rendered with. */
export async function renderPage(url: string, template: string, opts: RenderOptions): Promise<PageResponse> {
  const result = await render(url, opts);
  const boot = serializeBoot({
    config: opts.config,
    region: opts.region,
    queries: result.kind === 'page' ? result.queries : null,
    ...(opts.postedForm ? { postedForm: opts.postedForm } : {}),
  });
  const html = fillTemplate(template, {
    '<!--app-head-->': result.head,
    '<!--app-html-->': result.kind === 'page' ? result.html : '',
    '<!--app-state-->': `<script id="${BOOT_ELEMENT_ID}" type="application/json">${boot}</script>`,
  });
  return {
    status: result.kind === 'page' ? result.status : 200,
    html,
    noindex: result.kind === 'client-only',
    cache: result.kind === 'page' ? result.cache : 'private',
  };
}
