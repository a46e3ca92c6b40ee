/**
 * npm run bench:load [-- --pg]
 * A fixed rate of 200 requests/s for 60 s over a realistic mix (home, search, profile, blog
 * post, quote request) against the built app on a fresh database, with autocannon. Prints
 * throughput, latency percentiles, errors and the app's memory at start and end.
 */
import { freshDatabase, startBenchServer } from './lib/bench-server';
import { ensureBuildFromTs } from './lib/ensure-build';
import { printTable, runLoad } from './lib/load';
import { visitorMix } from './lib/mix';
import { discoverTargets } from './lib/targets';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 60);
const usePg = process.argv.includes('--pg') || Boolean(process.env.BENCH_DATABASE_URL);
const serverUrl = usePg ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : undefined;

await ensureBuildFromTs();
const database = await freshDatabase(serverUrl);
const server = await startBenchServer(database.env, 5900 + (process.pid % 300));
try {
  const next = visitorMix(await discoverTargets(server));
  // One pass over every kind of page first, so memory is measured after start-up work.
  await runLoad({
    label: 'warm-up',
    url: server.url,
    connections: 4,
    durationSeconds: 3,
    overallRate: 50,
    requests: [{ setupRequest: (req: object) => ({ ...req, ...toRequest(next()) }) }],
  });
  const memStart = server.rssMb();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(server.rssMb()), 5_000);
  const result = await runLoad({
    label: `mix @ ${RATE} req/s`,
    url: server.url,
    connections: 20,
    durationSeconds: DURATION,
    overallRate: RATE,
    requests: [{ setupRequest: (req: object) => ({ ...req, ...toRequest(next()) }) }],
  });
  clearInterval(sampler);
  const memEnd = server.rssMb();
  console.log(
    `\nLoad: ${RATE} req/s for ${DURATION}s, 20 connections, ${database.kind === 'pg' ? 'PostgreSQL server' : 'embedded PGlite'}; mix 25% home, 25% search, 25% profile, 15% blog post, 10% quote POST`,
  );
  printTable([result]);
  console.log(`throughput: ${(result.requests / DURATION).toFixed(1)} req/s over the run`);
  console.log(
    `app memory (RSS): start ${memStart.toFixed(0)} MB, end ${memEnd.toFixed(0)} MB, max ${Math.max(memStart, memEnd, ...samples).toFixed(0)} MB; samples every 5 s: ${samples.map((s) => s.toFixed(0)).join(' ')}`,
  );
  const ok = result.errors === 0 && result.non2xx === 0 && result.p99 < 100;
  console.log(
    `target (0 errors, p99 < 100 ms, memory flat): errors ${result.errors + result.non2xx}, p99 ${result.p99} ms -> ${ok ? 'met' : 'NOT met'}`,
  );
} finally {
  await server.stop();
  await database.drop();
}

function toRequest(r: { method: 'GET' | 'POST'; path: string; body?: unknown }) {
  return r.body === undefined
    ? {
        method: r.method,
        path: r.path,
        headers: { accept: 'text/html,application/json', 'accept-encoding': 'gzip, deflate, br' },
      }
    : {
        method: r.method,
        path: r.path,
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
        body: JSON.stringify(r.body),
      };
}
