import { Router, type Response } from 'express';
import { parse } from 'regexparam';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { Freshness } from '../directory';
import { toHttpError } from './error-middleware';
import { notFound } from './errors';
import { asyncHandler } from './async-handler';
import { sendJson } from './reused-body';
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
  run(input: Record<string, unknown>, ctx: AppContext, freshness: Freshness): Promise<unknown>;
}

export function defineQuery<S extends z.ZodType>(path: string, schema: S, handler: (input: z.output<S>, ctx: AppContext, freshness: Freshness) => Promise<unknown>): QueryRoute {
  const { keys, pattern } = parse(path) as { keys: string[]; pattern: RegExp };
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
    run: (input, ctx, freshness) => handler(parseInput(schema, input, 'Invalid query parameters'), ctx, freshness),
  };
}

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
        const freshness = new Freshness();
        const answer = await q.run({ ...(req.query as Record<string, unknown>), ...req.params }, ctx, freshness);
        setAge(res, freshness);
        await sendJson(req, res, answer, ctx.directory.bodies);
      }),
    );
  }
  return router;
}

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
