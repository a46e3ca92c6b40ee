import { Router, type Request, type RequestHandler, type Response } from 'express';
import { parse } from 'regexparam';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { deepFreeze } from '@shared/deep-freeze';
import { Freshness } from '../directory';
import { toHttpError } from './error-middleware';
import { notFound } from './errors';
import { asyncHandler, trackWork } from './async-handler';
import { sendBody, sendJson, sentAsIs } from './reused-body';
import { parseInput } from './validate';

/**
 * A public GET defined once and served twice: as an API route, and to the server renderer,
 * which answers a page's query keys ([path, params]) without an HTTP round trip. `freshness`
 * learns whether the answer came from data older than the database's (STALE_IF_ERROR).
 */
export interface QueryRoute {
  path: string;
  /** The path's parameters when a key's path is this route's, else null. */
  match(path: string): Record<string, string> | null;
  /** The handler's input from the query and path parameters; a 400 (bad request) when the schema refuses them. */
  parse(input: Record<string, unknown>): unknown;
  /**
   * The same address always parses to the same input, so the API keeps the parsed input by address
   * (in ctx.directory.inputs): zod's work on every request cost more than a cached answer's lookup.
   * Off for a query whose address carries a secret (a review link's token), which is not kept.
   */
  readonly keepsInputs: boolean;
  /** Answers a parsed input (shared and frozen when kept, so the handler must not change it). */
  answer(input: unknown, ctx: AppContext, freshness: Freshness): Promise<unknown>;
  run(input: Record<string, unknown>, ctx: AppContext, freshness: Freshness): Promise<unknown>;
}

export function defineQuery<S extends z.ZodType>(
  path: string,
  schema: S,
  handler: (input: z.output<S>, ctx: AppContext, freshness: Freshness) => Promise<unknown>,
  { keepInputs = true }: { keepInputs?: boolean } = {},
): QueryRoute {
  const { keys, pattern } = parse(path) as { keys: string[]; pattern: RegExp };
  const parseQuery = (input: Record<string, unknown>) => parseInput(schema, input, 'Invalid query parameters');
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
    parse: parseQuery,
    keepsInputs: keepInputs,
    answer: (input, ctx, freshness) => handler(input as z.output<S>, ctx, freshness),
    run: (input, ctx, freshness) => handler(parseQuery(input), ctx, freshness),
  };
}

/** The input of an API request to q: parsed once per address and kept, frozen, by the read model (QueryRoute.keepsInputs). */
function inputOf(q: QueryRoute, req: Request, params: Record<string, string>, ctx: AppContext): unknown {
  if (!q.keepsInputs) return q.parse({ ...(req.query as Record<string, unknown>), ...params });
  const key = `${q.path} ${req.originalUrl}`;
  let input = ctx.directory.inputs.get(key, 0);
  if (input === undefined) {
    input = deepFreeze(q.parse({ ...(req.query as Record<string, unknown>), ...params }));
    ctx.directory.inputs.set(key, 0, input);
  }
  return input;
}

/** What publicAnswers learnt about a request it left to the router: the answer, or the error, not to be asked again. */
const EARLY = 'publicAnswer';
type Early = { q: QueryRoute } & ({ answer: unknown; freshness: Freshness } | { error: unknown });

/** An answer from data loaded before the database became unreachable says how old it is. */
export function setAge(res: Response, freshness: Freshness): void {
  const age = freshness.ageSeconds();
  if (age !== null) res.setHeader('Age', String(age));
}

export function queryRouter(queries: QueryRoute[], ctx: AppContext): Router {
  const router = Router();
  for (const q of queries) {
    // Mounted under /api; the key keeps the full path the browser requests.
    router.get(
      q.path.replace(/^\/api(?=\/)/, ''),
      asyncHandler(async (req, res) => {
        const early = (res.locals[EARLY] as Early | undefined)?.q === q ? (res.locals[EARLY] as Early) : undefined;
        if (early && 'error' in early) throw early.error;
        const freshness = early?.freshness ?? new Freshness();
        const answer = early ? early.answer : await q.answer(inputOf(q, req, req.params as Record<string, string>, ctx), ctx, freshness);
        setAge(res, freshness);
        await sendJson(req, res, answer, ctx.directory.bodies);
      }),
    );
  }
  return router;
}

/**
 * The public queries' API answers before the rest of the app's middleware (docs/decisions.md §6):
 * mounted before compression and the /api router, it answers a GET without a body when the answer
 * is one compression would leave alone (an object answered as gzip, or below compression's
 * threshold), which is every cached answer to a browser, so such a request meets no session, body
 * parser, compression wrapper or route table on its way. Anything else (an error, another
 * encoding, HEAD) continues to the router with what was learnt (res.locals), so its answer is the
 * one the router always gave, and nothing is asked twice.
 */
export function publicAnswers(queries: QueryRoute[], ctx: AppContext): RequestHandler {
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
    const freshness = new Freshness();
    void trackWork(
      (async () => {
        let early: Early;
        try {
          const answer = await q.answer(inputOf(q, req, params, ctx), ctx, freshness);
          const body = answer !== null && typeof answer === 'object' ? ctx.directory.bodies.of(answer) : null;
          const sent = body && sentAsIs(req, body);
          if (body && sent) {
            setAge(res, freshness);
            await sendBody(res, body, sent);
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

const hasBody = (req: Request) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** Answers a query key as the API would, for server rendering. */
export async function resolveQueryKey(queries: QueryRoute[], key: readonly [string, Record<string, string>?], ctx: AppContext, freshness: Freshness): Promise<unknown> {
  const [path, params = {}] = key;
  for (const q of queries) {
    const pathParams = q.match(path);
    if (!pathParams) continue;
    try {
      return await q.run({ ...params, ...pathParams }, ctx, freshness);
    } catch (err) {
      // The renderer reads the status the API would answer (a 404 page, a 503 page).
      throw toHttpError(err) ?? err;
    }
  }
  throw notFound(`No API route for GET ${path}`);
}
