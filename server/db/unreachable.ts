/**
 * Whether an error means the database could not be reached (refused, dropped, timed out, shutting
 * down, out of connections), as opposed to a query it refused. The error middleware answers these
 * with 503; the read model (server/directory) answers public reads from its last loaded data instead.
 */

const CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
]);
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|terminating connection/i;

interface Coded {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** This one error, without its causes. */
export function isUnreachableError(e: Coded): boolean {
  return (
    (typeof e.code === 'string' && CODES.has(e.code)) || (typeof e.message === 'string' && MESSAGES.test(e.message))
  );
}

/** The error or one of its causes (Drizzle wraps the driver's error). */
export function isDatabaseUnreachable(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; cur && typeof cur === 'object' && i < 5; i++) {
    if (isUnreachableError(cur as Coded)) return true;
    cur = (cur as Coded).cause;
  }
  return false;
}
