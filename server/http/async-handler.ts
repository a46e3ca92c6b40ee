import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Handlers still running. A client that hangs up closes its connection, not the work its
 * request started (a quote being stored, its notice being sent); shutdown waits for that work
 * before it closes the database.
 */
const running = new Set<Promise<void>>();

/** Express 5 forwards rejected promises itself; this narrows the handler type and tracks the work. */
export function asyncHandler(fn: (req: Request, res: Response, next: NextFunction) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    const work = fn(req, res, next).catch(next);
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  };
}

/** Resolves once every handler started so far has finished, or after `ms`, whichever is first. */
export async function handlersSettled(ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
