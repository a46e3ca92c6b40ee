/**
 * npm run bench:fault-db
 * Restarts the PostgreSQL server in the middle of a paced load on the built app and reports:
 * what the app answered during the outage (public reads from the data loaded last, with an Age
 * header, per STALE_IF_ERROR; writes 503 with a JSON message; no crash), how soon it recovered
 * after the database came back, and whether every quote request that got a 2xx is in the
 * database afterwards. Needs the local PostgreSQL cluster (pg_ctlcluster) and root.
 */
import { exec, execSync } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { freshDatabase, startBenchServer } from './lib/bench-server';
import { ensureBuildFromTs } from './lib/ensure-build';
import { visitorMix } from './lib/mix';
import { percentile, runPaced, type PacedRecord } from './lib/paced';
import { discoverTargets } from './lib/targets';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cluster = process.env.PG_CLUSTER ?? `${execSync('ls /etc/postgresql').toString().trim().split('\n')[0]} main`;
const run = promisify(exec);
const RATE = 100;
const SECONDS = 30;
const STOP_AT_MS = 8_000;
const DOWN_FOR_MS = 5_000;

await ensureBuildFromTs();
const database = await freshDatabase(serverUrl);
const server = await startBenchServer(database.env, 6200 + (process.pid % 300));
let stoppedAt = 0;
let startedAt = 0;
try {
  const next = visitorMix(await discoverTargets(server));
  // Every other public read is the server-rendered page, the others the JSON it is built from.
  let reads = 0;
  const pagesAndApi = () => {
    const r = next();
    if (r.method === 'POST' || reads++ % 2 === 0) return r;
    return {
      method: 'GET' as const,
      path:
        r.path === '/'
          ? '/api/contractors?sort=featured&pageSize=6'
          : r.path.startsWith('/search')
            ? `/api${r.path.replace('/search', '/contractors/search')}`
            : `/api${r.path.replace('/contractor/', '/contractors/')}`,
    };
  };
  let phase: 'before' | 'down' | 'after' = 'before';
  const loadStart = Date.now();
  const records = await runPaced({
    baseUrl: server.url,
    rate: RATE,
    durationSeconds: SECONDS,
    next: pagesAndApi,
    timeoutMs: 20_000,
    onTick: (ms) => {
      if (phase !== 'before' || ms < STOP_AT_MS) return;
      phase = 'down';
      stoppedAt = ms;
      // Asynchronous, so the load keeps its pace while the cluster stops and starts.
      void (async () => {
        await run(`pg_ctlcluster --skip-systemctl-redirect ${cluster} stop -m fast`);
        await new Promise((r) => setTimeout(r, DOWN_FOR_MS));
        await run(`pg_ctlcluster --skip-systemctl-redirect ${cluster} start`);
        startedAt = Date.now() - loadStart;
        phase = 'after';
      })();
    },
  });
  // Give the last quote requests time to land before counting.
  await new Promise((r) => setTimeout(r, 1000));
  const during = records.filter((r) => r.at >= stoppedAt && r.at < startedAt);
  const isRead = (r: PacedRecord) => !r.tag;
  const served = (r: PacedRecord) => r.status >= 200 && r.status < 300;
  const readsDuring = during.filter(isRead);
  const writesDuring = during.filter((r) => !isRead(r));
  const failed = records.filter((r) => r.status >= 500 || r.status === 0);
  // An API failure is 503 with a JSON message; a page's is the 503 error page.
  const badFailures = failed.filter(
    (r) =>
      r.status !== 503 ||
      (r.path.startsWith('/api/') && (!r.contentType?.includes('application/json') || !/"message"/.test(r.body))),
  );
  // Reads are answered all along, so recovery is the first write taken and the first read from fresh data.
  const firstOkAfter = records.find((r) => r.at >= startedAt && !isRead(r) && served(r));
  const firstFreshRead = records.find((r) => r.at >= startedAt && isRead(r) && served(r) && r.age === null);
  const lastFailure = [...failed].reverse()[0];
  const acceptedQuotes = records.filter((r) => r.tag && r.status >= 200 && r.status < 300).map((r) => r.tag!);

  const check = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await check.connect();
  const { rows } = await check.query<{ email: string }>('select email from leads where email = any($1)', [
    acceptedQuotes,
  ]);
  await check.end();
  const stored = new Set(rows.map((r) => r.email));
  const lost = acceptedQuotes.filter((e) => !stored.has(e));
  const alive = server.child.exitCode === null;

  console.log(
    `\nPostgreSQL stopped at ${(stoppedAt / 1000).toFixed(1)} s and was back at ${(startedAt / 1000).toFixed(1)} s, during ${RATE} req/s for ${SECONDS} s (${records.length} requests)`,
  );
  console.log(
    `answers while the database was down: ${during.length} requests -> ${summarize(during.map((r) => r.status))}`,
  );
  console.log(
    `public reads while the database was down: ${readsDuring.length}; served: ${readsDuring.filter(served).length} (with an Age header: ${readsDuring.filter((r) => served(r) && r.age !== null).length}), failed: ${readsDuring.filter((r) => !served(r)).length}${readsDuring.find((r) => !served(r)) ? ` (e.g. ${readsDuring.find((r) => !served(r))!.status} ${readsDuring.find((r) => !served(r))!.path})` : ''}`,
  );
  console.log(
    `writes (quote requests) while the database was down: ${writesDuring.length} -> ${summarize(writesDuring.map((r) => r.status))}`,
  );
  console.log(
    `failures: ${failed.length}; of which not '503 + JSON message': ${badFailures.length}${badFailures[0] ? ` (e.g. ${badFailures[0].status} ${badFailures[0].body.slice(0, 80)})` : ''}`,
  );
  console.log(`sample outage answer: ${failed.find((r) => r.status === 503)?.body ?? 'none'}`);
  console.log(
    `recovery: first write taken ${firstOkAfter ? ((firstOkAfter.at - startedAt) / 1000).toFixed(2) : 'never'} s and first fresh read ${firstFreshRead ? ((firstFreshRead.at - startedAt) / 1000).toFixed(2) : 'never'} s after the database came back; last failure at ${lastFailure ? ((lastFailure.at - startedAt) / 1000).toFixed(2) : '-'} s`,
  );
  console.log(
    `latency p50/p95/p99 outside the outage: ${latencies(records.filter((r) => r.at < stoppedAt || r.at > startedAt + 2000))}`,
  );
  console.log(
    `quote requests answered 2xx: ${acceptedQuotes.length}; found in the database afterwards: ${acceptedQuotes.length - lost.length}; lost: ${lost.length}`,
  );
  console.log(`app process still running: ${alive}`);
  const allReadsServed = readsDuring.length > 0 && readsDuring.every(served);
  const ok =
    alive &&
    allReadsServed &&
    badFailures.length === 0 &&
    lost.length === 0 &&
    firstOkAfter !== undefined &&
    firstOkAfter.at - startedAt < 10_000;
  console.log(
    `target (every public read served during the outage, writes 503 JSON, recovers within seconds, no accepted quote lost): ${ok ? 'met' : 'NOT met'}`,
  );
} finally {
  try {
    execSync(`pg_ctlcluster --skip-systemctl-redirect ${cluster} start`, { stdio: 'ignore' });
  } catch {
    // Already running.
  }
  await server.stop();
  await database.drop();
}

function summarize(statuses: number[]) {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${s === 0 ? 'no answer' : s} x${n}`).join(', ') || 'none';
}

function latencies(rs: { ms: number }[]) {
  const ms = rs.map((r) => r.ms);
  return `${percentile(ms, 50)}/${percentile(ms, 95)}/${percentile(ms, 99)} ms`;
}
