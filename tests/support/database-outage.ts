import net from 'node:net';
import type pg from 'pg';
import type { Database } from '../../server/db/client';
import { adminQuery } from './test-db';

/** An error as the driver gives it when nothing listens at the database's address. */
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
    errno: -111,
    syscall: 'connect',
  });

/** A local port with nothing listening on it: connections to it are refused. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Makes the app's database unreachable until the returned function is called.
 * On a PostgreSQL server, for real: the pool's new connections go to a port where nothing
 * listens (refused), and the server ends the connections already open (as a restart does).
 * The embedded database lives in the process and cannot go away, so its client is made to
 * fail every statement with the error a refused connection gives.
 */
export async function cutDatabase(database: Database): Promise<() => Promise<void>> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.driver === 'pg') {
    const pool = client as pg.Pool & { options: { connectionString: string } };
    const url = pool.options.connectionString;
    const unreachable = new URL(url);
    unreachable.host = `127.0.0.1:${await deadPort()}`;
    pool.options.connectionString = unreachable.toString();
    const name = new URL(url).pathname.slice(1);
    await adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
    return async () => {
      pool.options.connectionString = url;
    };
  }
  const pglite = client as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  const original = { query: pglite.query, exec: pglite.exec, transaction: pglite.transaction };
  for (const method of ['query', 'exec', 'transaction'] as const) pglite[method] = () => Promise.reject(refused());
  return async () => {
    Object.assign(pglite, original);
  };
}
