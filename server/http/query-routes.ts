import { Router, type Request, type RequestHandler, type Response } from 'express';
import { parse } from 'regexparam';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { deepFreeze } from '@shared/deep-freeze';
import type { Freshness } from '../directory';
import { toErrorAnswer } from './error-middleware';
import { notFound } from '../domain/errors';
import { asyncHandler, trackWork } from './async-handler';
import { forAnyone } from './auth';
import type { AnswerCache } from './answer-cache';
import type { Front } from './front';
import { acceptsGzip, sendJson, sentAsIs } from './reused-body';
import { parseQuery } from './validate';
import { countyOf, freshnessOf } from './county-site';
import type { Region } from '@shared/region';
import { perCounty } from '../counties/per-county';
import { regionOf } from '../counties/region-of';

/**
 * A public GET defined once and served twice: as an API route, and to the server renderer,
 * which answers a page's query keys ([path, params]) without an HTTP round trip. `freshness`
 * learns whether the answer came from data older than the database's (STALE_IF_ERROR); `county`
 * is the slug of the county whose site the request is for (countyOf(res)), which every answer and
 * everything kept of it belongs to (docs/decisions/0101-read-model-per-county.md).
 */
export interface QueryRoute {
  path: string;
  /** The path's parameters when a key's path is this route's, else null. */
  match(path: string): Record<string, string> | null;
  /**
   * The handler's input from the query and path parameters, read against the county's towns and
   * services (its Region); a 400 (bad request) when the schema refuses them.
   */
  parse(input: Record<string, unknown>, region: Region): unknown;
  /**
   * The same address on the same county's site always parses to the same input, so the API keeps the
   * parsed input by county and address (AnswerCache.inputs): zod's work on every request cost more
   * than a cached answer's lookup.
   * Off for a query whose address carries a secret (a review link's token), which is not kept.
   */
  readonly keepsInputs: boolean;
  /** Answers a parsed input (shared and frozen when kept, so the handler must not change it). */
  answer(input: unknown, ctx: AppContext, freshness: Freshness, county: string): Promise<unknown>;
  run(input: Record<string, unknown>, ctx: AppContext, freshness: Freshness, county: string): Promise<unknown>;
}

/**
 * `schema` is the query's schema, or makes it for a county (a town's or a service's name is
 * checked against the county's own); made once per Region object, which regionOf hands out again
 * until the county changes.
 */
export function defineQuery<S extends z.ZodType>(
  path: string,
  schema: S | ((region: Region) => S),
  handler: (input: z.output<S>, ctx: AppContext, freshness: Freshness, county: string) => Promise<unknown>,
  { keepInputs = true }: { keepInputs?: boolean } = {},
): QueryRoute {
  const { keys, pattern } = parse(path) as { keys: string[]; pattern: RegExp };
  const schemaOf = typeof schema === 'function' ? perCounty(schema) : () => schema;
  const parseQueryOf = (input: Record<string, unknown>, region: Region) => parseQuery(schemaOf(region), input);
  return {
    path,
    match: (candidate) => {
      const m = pattern.exec(candidate);
      if (!m) return null;
      const params: Record<string, string> = {};
      keys.forEach((k, i) => {
        const v = m[i + 1];
        if (v !== undefined) params[k] = decodeURIComponent(v);
      });
      return params;
    },
    parse: parseQueryOf,
    keepsInputs: keepInputs,
    answer: (input, ctx, freshness, county) => handler(input as z.output<S>, ctx, freshness, county),
    run: async (input, ctx, freshness, county) =>
      handler(parseQueryOf(input, await regionOf(ctx, county)), ctx, freshness, county),
  };
}

/** Where the parsed input of an API request is kept: its county, the route and the address (a town's slug means another town on another county's site). */
export const inputKey = (county: string, path: string, url: string) => `${county} ${path} ${url}`;

/**
 * The input of an API request to q on a county's site: parsed once per county and address and kept,
 * frozen (QueryRoute.keepsInputs). A kept input is answered at once; parsing reads the county's
 * Region first.
 */
function inputOf(
  q: QueryRoute,
  req: Request,
  params: Record<string, string>,
  cache: AnswerCache,
  ctx: AppContext,
  county: string,
): unknown {
  const key = inputKey(county, q.path, req.originalUrl);
  const kept = q.keepsInputs ? cache.inputs.get(key, 0) : undefined;
  if (kept !== undefined) return kept;
  return regionOf(ctx, county).then((region) => {
    const input = q.parse({ ...(req.query as Record<string, unknown>), ...params }, region);
    if (!q.keepsInputs) return input;
    const frozen = deepFreeze(input);
    cache.inputs.set(key, 0, frozen);
    return frozen;
  });
}

/** Answers q for an API request: with a kept input at once, with a new one once it is parsed. */
function answerOf(
  q: QueryRoute,
  req: Request,
  params: Record<string, string>,
  cache: AnswerCache,
  ctx: AppContext,
  freshness: Freshness,
  county: string,
): Promise<unknown> {
  const input = inputOf(q, req, params, cache, ctx, county);
  return input instanceof Promise
    ? input.then((i) => q.answer(i, ctx, freshness, county))
    : q.answer(input, ctx, freshness, county);
}

/** What publicAnswers learnt about a request it left to the router: the answer, or the error, not to be asked again. */
const EARLY = 'publicAnswer';
type Early = { q: QueryRoute } & ({ answer: unknown; freshness: Freshness } | { error: unknown });

/** An answer from data loaded before the database became unreachable says how old it is. */
export function setAge(res: Response, freshness: Freshness): void {
  const age = freshness.ageSeconds();
  if (age !== null) res.setHeader('Age', String(age));
}

export function queryRouter(queries: QueryRoute[], ctx: AppContext, cache: AnswerCache): Router {
  const router = Router();
  for (const q of queries) {
    // Mounted under /api; the key keeps the full path the browser requests.
    router.get(
      q.path.replace(/^\/api(?=\/)/, ''),
      forAnyone,
      asyncHandler(async (req, res) => {
        const early = (res.locals[EARLY] as Early | undefined)?.q === q ? (res.locals[EARLY] as Early) : undefined;
        if (early && 'error' in early) throw early.error;
        const freshness = early?.freshness ?? freshnessOf(res);
        const county = countyOf(res);
        const answer = early
          ? early.answer
          : await answerOf(q, req, req.params as Record<string, string>, cache, ctx, freshness, county);
        setAge(res, freshness);
        await sendJson(req, res, answer, cache.bodies);
      }),
    );
  }
  return router;
}

/**
 * The public queries' API answers, first of all middleware
 * (docs/decisions/0072-public-answers-fast-path.md). A GET without a body or a condition whose
 * answer is current and one compression would leave alone (an object answered as gzip, or below
 * compression's threshold), which is every cached answer to a browser, is written here in one call
 * with what every answer gets first (server/http/front.ts: the security headers, the request id and
 * its log line, the profile view count): the router, the session, the body parser, compression and
 * Express's send had nothing to add and cost more than the answer. Anything else (an error, an
 * answer from older data, another encoding, a revalidation, HEAD) goes through all of it with what
 * was learnt (res.locals), so it is answered as it always was, and nothing is asked twice.
 */
export function publicAnswers(
  queries: QueryRoute[],
  ctx: AppContext,
  front: Front,
  cache: AnswerCache,
): RequestHandler {
  // What each Accept-Encoding header says about gzip: browsers send a handful of spellings, and
  // parsing one on every request cost more than the answer's lookup. Owned by this app's middleware.
  const gzipBy = new Map<string, boolean>();
  const gzipAccepted = (req: Request) => {
    const header = req.headers['accept-encoding'] ?? '';
    let accepted = gzipBy.get(header);
    if (accepted === undefined) {
      if (gzipBy.size >= 64) gzipBy.clear();
      gzipBy.set(header, (accepted = acceptsGzip(req)));
    }
    return accepted;
  };
  return (req, res, next) => {
    if (req.method !== 'GET' || hasBody(req) || !req.path.startsWith('/api/')) return next();
    let params: Record<string, string> | null = null;
    const q = queries.find((candidate) => {
      try {
        return (params = candidate.match(req.path)) !== null;
      } catch {
        // A broken %-escape: the router answers it.
        return false;
      }
    });
    if (!q || !params) return next();
    const headers = front.begin(req, res);
    const freshness = freshnessOf(res);
    void trackWork(
      (async () => {
        let early: Early;
        try {
          const county = countyOf(res);
          const answer = await answerOf(q, req, params, cache, ctx, freshness, county);
          const body = answer !== null && typeof answer === 'object' ? cache.bodies.of(answer) : null;
          const sent = body && sentAsIs(body, gzipAccepted(req));
          if (body && sent && freshness.ageSeconds() === null && !isConditional(req)) {
            const bytes = sent === 'gzip' ? await body.gzip() : Buffer.from(body.json);
            const etag = sent === 'gzip' ? await body.gzipEtag() : body.etag();
            res
              .writeHead(200, [
                ...headers,
                'Content-Type',
                'application/json; charset=utf-8',
                'Vary',
                'Accept-Encoding',
                ...(sent === 'gzip' ? ['Content-Encoding', 'gzip'] : []),
                'ETag',
                etag,
                'Content-Length',
                String(bytes.length),
              ])
              .end(bytes);
            return;
          }
          early = { q, answer, freshness };
        } catch (error) {
          early = { q, error };
        }
        res.locals[EARLY] = early;
        next();
      })(),
    );
  };
}

/** A revalidation (answered 304 by Express's send when unchanged), left to the router. */
const isConditional = (req: Request) =>
  req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined;

const hasBody = (req: Request) =>
  Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** Answers a query key as the API would on the county's site, for server rendering. */
export async function resolveQueryKey(
  queries: QueryRoute[],
  key: readonly [string, Record<string, string>?],
  ctx: AppContext,
  freshness: Freshness,
  county: string,
): Promise<unknown> {
  const [path, params = {}] = key;
  for (const q of queries) {
    const pathParams = q.match(path);
    if (!pathParams) continue;
    try {
      return await q.run({ ...params, ...pathParams }, ctx, freshness, county);
    } catch (err) {
      // The renderer reads the status the API would answer (a 404 page, a 503 page).
      throw toErrorAnswer(err) ?? err;
    }
  }
  throw toErrorAnswer(notFound(`No API route for GET ${path}`));
}
