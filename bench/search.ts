/**
 * npm run bench:search [-- --pg]
 * Seeds 10,000 contractors into a fresh database (embedded by default; the local PostgreSQL
 * server with --pg or BENCH_DATABASE_URL), starts the built app as its own process, and measures
 * the directory endpoints at 20 concurrent connections with autocannon. Each request picks its
 * filters at random from hundreds of combinations, and every endpoint is measured twice: with
 * the directory cache (the default) and without it (DIRECTORY_CACHE=false), so the figures
 * show the SQL cost too.
 */
import { region } from '../shared/region';
import { freshDatabase, startBenchServer } from './lib/bench-server';
import { ensureBuildFromTs } from './lib/ensure-build';
import { printTable, runLoad, type LoadResult } from './lib/load';
import { rng, seedScaleContractors } from './lib/scale-seed';

const CONTRACTORS = Number(process.env.BENCH_CONTRACTORS ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const usePg = process.argv.includes('--pg') || Boolean(process.env.BENCH_DATABASE_URL);
const serverUrl = usePg ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : undefined;

const rand = rng(1);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const services = [...region.homeSearchServices.map((o) => o.value), ...region.services.map((s) => s.slug)];
const towns = ['all', ...region.towns.map((t) => t.slug)];

const endpoints = [
  {
    label: 'GET /api/contractors/search (service, location)',
    path: () => `/api/contractors/search?service=${pick(services)}&location=${pick(towns)}&licensed=true`,
  },
  {
    label: 'GET /api/contractors (2 services, rating, sorted, page 1-3)',
    path: () =>
      `/api/contractors?service=${pick(services)},${pick(services)}&minRating=${pick(['3', '4'])}&sort=${pick(['rating', 'name', 'reviews', 'location'])}&page=${pick(['1', '2', '3'])}&pageSize=12`,
  },
];

await ensureBuildFromTs();
console.log(`Seeding ${CONTRACTORS} contractors into a fresh ${usePg ? 'PostgreSQL server' : 'embedded'} database...`);
const database = await freshDatabase(serverUrl);
const t0 = Date.now();
{
  const db = await database.open();
  await seedScaleContractors(db.db, CONTRACTORS);
  await db.close();
}
console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)}s`);

const results: LoadResult[] = [];
for (const cache of [true, false]) {
  const server = await startBenchServer({ ...database.env, DIRECTORY_CACHE: String(cache) }, 5600 + (process.pid % 300));
  try {
    for (const e of endpoints) {
      const requests = [{ setupRequest: (req: object) => ({ ...req, path: e.path() }) }];
      await runLoad({ label: 'warm-up', url: server.url, connections: 5, durationSeconds: 2, requests });
      results.push(await runLoad({ label: `${e.label}${cache ? '' : ' [no cache]'}`, url: server.url, connections: 20, durationSeconds: DURATION, requests }));
    }
    const sample = await fetch(server.url + endpoints[0]!.path());
    console.log(`sample response: ${(await sample.text()).length} bytes, ${sample.headers.get('content-encoding') ?? 'identity'}`);
  } finally {
    await server.stop();
  }
}
await database.drop();
console.log(`\n${CONTRACTORS} contractors, ${database.kind === 'pg' ? 'PostgreSQL server' : 'embedded PGlite'}, 20 connections, ${DURATION}s each, latency resolution 1 ms:`);
printTable(results);
const cached = results.filter((r) => !r.label.endsWith('[no cache]'));
const worst = Math.max(...cached.map((r) => r.p95));
const clean = results.every((r) => !r.errors && !r.non2xx);
console.log(`target p95 < 20 ms (as served, with the cache): ${worst < 20 && clean ? 'met' : 'NOT met'} (worst p95 ${worst} ms${clean ? '' : ', with errors'})`);
