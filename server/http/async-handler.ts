import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Handlers still running. A client that hangs up closes its connection, not the work its
 * request started (a quote being stored, its notice being sent); shutdown waits for that work
 * before it closes the database.
 */
const running = new Set<Promise<unknown>>();

/** Counts work in flight (a handler, a session write made as a response ends) until it settles. */
export function trackWork<T>(work: Promise<T>): Promise<T> {
  running.add(work);
  void work.then(
    () => running.delete(work),
    () => running.delete(work),
  );
  return work;
}

/** Express 5 forwards rejected promises itself; this narrows the handler type and tracks the work. */
export function asyncHandler(fn: (req: Request, res: Response, next: NextFunction) => Promise<void>): RequestHandler {
  return (req, res, next) => trackWork(fn(req, res, next).catch(next));
}

/** Resolves once all work started so far has finished, or after `ms`, whichever is first. */
export async function handlersSettled(ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
