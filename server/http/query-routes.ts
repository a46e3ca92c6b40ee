import { Router } from 'express';
import { parse } from 'regexparam';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { notFound } from './errors';
import { asyncHandler } from './async-handler';
import { sendJson } from './reused-body';
import { parseInput } from './validate';

/**
 * A public GET defined once and served twice: as an API route, and to the server renderer,
 * which answers a page's query keys ([path, params]) without an HTTP round trip.
 */
export interface QueryRoute {
  path: string;
  run(input: Record<string, unknown>, ctx: AppContext): Promise<unknown>;
}

export function defineQuery<S extends z.ZodType>(path: string, schema: S, handler: (input: z.output<S>, ctx: AppContext) => Promise<unknown>): QueryRoute {
  return { path, run: (input, ctx) => handler(parseInput(schema, input, 'Invalid query parameters'), ctx) };
}

export function queryRouter(queries: QueryRoute[], ctx: AppContext): Router {
  const router = Router();
  for (const q of queries) {
    // Mounted under /api; the key keeps the full path the browser requests.
    router.get(
      q.path.replace(/^\/api(?=\/)/, ''),
      asyncHandler(async (req, res) => {
        await sendJson(req, res, await q.run({ ...(req.query as Record<string, unknown>), ...req.params }, ctx));
      }),
    );
  }
  return router;
}

const compiled = new WeakMap<QueryRoute, { keys: string[]; pattern: RegExp }>();

/** Answers a query key as the API would, for server rendering. */
export async function resolveQueryKey(queries: QueryRoute[], key: readonly [string, Record<string, string>?], ctx: AppContext): Promise<unknown> {
  const [path, params = {}] = key;
  for (const q of queries) {
    let re = compiled.get(q);
    if (!re) {
      re = parse(q.path) as { keys: string[]; pattern: RegExp };
      compiled.set(q, re);
    }
    const m = re.pattern.exec(path);
    if (!m) continue;
    const pathParams: Record<string, string> = {};
    re.keys.forEach((k: string, i: number) => {
      const v = m[i + 1];
      if (v !== undefined) pathParams[k] = decodeURIComponent(v);
    });
    return q.run({ ...params, ...pathParams }, ctx);
  }
  throw notFound(`No API route for GET ${path}`);
}
