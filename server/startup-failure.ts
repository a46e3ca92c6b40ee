import type { Env } from './env';

interface Coded {
  code?: string;
  message?: string;
  syscall?: string;
  cause?: unknown;
}

function* chain(err: unknown): Generator<Coded> {
  let cur: unknown = err;
  for (let i = 0; cur && typeof cur === 'object' && i < 5; i++) {
    yield cur as Coded;
    cur = (cur as Coded).cause;
  }
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
]);
const UNREACHABLE_MESSAGE = /timeout expired|connection timeout|Connection terminated/i;
const REASON: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be resolved',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
};

/** Where DATABASE_URL points, without its password. */
function server(url: URL) {
  return `${url.hostname}:${url.port || 5432}`;
}

/**
 * A start-up failure an operator can fix, said in one line without a stack
 * (docs/decisions/0079-health-and-start-up-failures.md): the database unreachable, missing or
 * refusing the user, or the port taken. Null for anything else, which keeps its stack.
 */
export function describeStartupFailure(err: unknown, env: Pick<Env, 'DATABASE_URL' | 'PORT' | 'HOST'>): string | null {
  const db = env.DATABASE_URL ? new URL(env.DATABASE_URL) : null;
  for (const e of chain(err)) {
    if (e.syscall === 'listen' && e.code === 'EADDRINUSE') {
      return `Port ${env.PORT} on ${env.HOST} is already in use by another process: stop that process or set PORT to a free port.`;
    }
    if (e.syscall === 'listen' && e.code === 'EACCES') {
      return `This process is not allowed to listen on port ${env.PORT} on ${env.HOST}: use a port above 1023 (PORT) or run with the needed permission.`;
    }
    if (!db) continue;
    const name = decodeURIComponent(db.pathname.replace(/^\//, '')) || decodeURIComponent(db.username) || 'postgres';
    const user = decodeURIComponent(db.username) || 'the default user';
    if (e.code === '3D000') {
      return `The database "${name}" does not exist on the PostgreSQL server at ${server(db)}: create it (createdb ${name}) or correct the name in DATABASE_URL.`;
    }
    if (e.code === '28P01' || e.code === '28000') {
      const reason = e.code === '28P01' ? 'wrong password' : (e.message ?? 'not allowed').replace(/^FATAL:\s*/, '');
      return `The PostgreSQL server at ${server(db)} refused user "${user}" (${reason}): check the user name and password in DATABASE_URL.`;
    }
    if ((e.code && UNREACHABLE.has(e.code)) || (e.message && UNREACHABLE_MESSAGE.test(e.message))) {
      const reason = (e.code && REASON[e.code]) ?? 'no answer';
      return `Cannot reach the PostgreSQL server at ${server(db)} (${reason}): check that it is running and that DATABASE_URL names the right host and port.`;
    }
  }
  return null;
}
