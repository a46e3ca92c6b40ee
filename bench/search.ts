/**
 * npm run bench:search [-- --pg]
 * Seeds 10,000 contractors into a fresh database (embedded by default; the local PostgreSQL
 * server with --pg or BENCH_DATABASE_URL), starts the built app as its own process, and measures
 * the directory endpoints at 20 concurrent connections with autocannon, sending Accept-Encoding
 * like a browser. Each request picks its filters at random from hundreds of combinations.
 *
 * Each endpoint is measured against its floor: a bare Express process (bench/lib/floor-server.mjs)
 * that answers every address the bench can send with the app's recorded answer (same bytes, same
 * headers, gzip included) and does nothing else. App and floor run interleaved (app, floor, app,
 * floor; same connections and duration), and the bench prints the ratio app/floor. Then every
 * endpoint is measured once more without the directory cache (DIRECTORY_CACHE=false), so the
 * figures show the SQL cost too. The app's memory (RSS) is printed after start and at the end.
 * BENCH_NODE_ARGS passes flags to the app's node process (e.g. --cpu-prof --cpu-prof-dir=DIR).
 */
import { region } from '../shared/region';
import { freshDatabase, startBenchServer } from './lib/bench-server';
import { ensureBuildFromTs } from './lib/ensure-build';
import { recordAnswers, startFloor } from './lib/floor';
import { printTable, runLoad, type LoadResult } from './lib/load';
import { rng, seedScaleContractors } from './lib/scale-seed';

const CONTRACTORS = Number(process.env.BENCH_CONTRACTORS ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const usePg = process.argv.includes('--pg') || Boolean(process.env.BENCH_DATABASE_URL);
const serverUrl = usePg ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : undefined;
/** What a browser's fetch sends; the answers (and the floor's recorded ones) are gzip. */
const HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

const rand = rng(1);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const services = [...region.homeSearchServices.map((o) => o.value), ...region.services.map((s) => s.slug)];
const towns = ['all', ...region.towns.map((t) => t.slug)];
const ratings = ['3', '4'];
const sorts = ['rating', 'name', 'reviews', 'location'];
const pages = ['1', '2', '3'];

const searchPath = (service: string, town: string) =>
  `/api/contractors/search?service=${service}&location=${town}&licensed=true`;
const browsePath = (s1: string, s2: string, rating: string, sort: string, page: string) =>
  `/api/contractors?service=${s1},${s2}&minRating=${rating}&sort=${sort}&page=${page}&pageSize=12`;
const unique = (xs: readonly string[]) => [...new Set(xs)];

const endpoints = [
  {
    label: 'GET /api/contractors/search (service, location)',
    path: () => searchPath(pick(services), pick(towns)),
    /** Every address path() can return: the floor answers each. */
    all: () => unique(services).flatMap((s) => towns.map((t) => searchPath(s, t))),
  },
  {
    label: 'GET /api/contractors (2 services, rating, sorted, page 1-3)',
    path: () => browsePath(pick(services), pick(services), pick(ratings), pick(sorts), pick(pages)),
    all: () =>
      unique(services).flatMap((a) =>
        unique(services).flatMap((b) =>
          ratings.flatMap((r) => sorts.flatMap((o) => pages.map((p) => browsePath(a, b, r, o, p)))),
        ),
      ),
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

const port = 5600 + (process.pid % 300);
const results: LoadResult[] = [];
const summary: { endpoint: string; appRps: number; floorRps: number; appP95: number; floorP95: number }[] = [];
const memory: string[] = [];
const load = (url: string, label: string, path: () => string, connections = 20, durationSeconds = DURATION) =>
  runLoad({
    label,
    url,
    connections,
    durationSeconds,
    requests: [{ setupRequest: (req: object) => ({ ...req, path: path(), headers: HEADERS }) }],
  });
const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);

{
  const server = await startBenchServer({ ...database.env, DIRECTORY_CACHE: 'true' }, port);
  try {
    memory.push(`app RSS after start ${server.rssMb().toFixed(0)} MB`);
    for (const e of endpoints) {
      const addresses = e.all();
      const t1 = Date.now();
      const answers = await recordAnswers(server.url, addresses, HEADERS);
      const gzipped = answers.filter((a) => a.headers['content-encoding'] === 'gzip').length;
      console.log(
        `recorded ${answers.length} answers in ${((Date.now() - t1) / 1000).toFixed(1)}s (${gzipped} gzip) for ${e.label}`,
      );
      const floor = await startFloor(answers, port + 700);
      try {
        await load(server.url, 'warm-up', e.path, 5, 2);
        await load(floor.url, 'warm-up', e.path, 5, 2);
        const app: LoadResult[] = [];
        const bare: LoadResult[] = [];
        for (let round = 1; round <= 2; round++) {
          app.push(await load(server.url, `${e.label} app #${round}`, e.path));
          bare.push(await load(floor.url, `${e.label} floor #${round}`, e.path));
        }
        results.push(...app, ...bare);
        summary.push({
          endpoint: e.label,
          appRps: mean(app.map((r) => r.rps)),
          floorRps: mean(bare.map((r) => r.rps)),
          appP95: Math.max(...app.map((r) => r.p95)),
          floorP95: Math.max(...bare.map((r) => r.p95)),
        });
      } finally {
        await floor.stop();
      }
    }
    const sample = await fetch(server.url + endpoints[0]!.path());
    console.log(
      `sample response: ${(await sample.text()).length} bytes, ${sample.headers.get('content-encoding') ?? 'identity'}`,
    );
    memory.push(`at the end ${server.rssMb().toFixed(0)} MB`);
  } finally {
    await server.stop();
  }
}
{
  const server = await startBenchServer({ ...database.env, DIRECTORY_CACHE: 'false' }, port);
  try {
    for (const e of endpoints) {
      await load(server.url, 'warm-up', e.path, 5, 2);
      results.push(await load(server.url, `${e.label} [no cache]`, e.path));
    }
  } finally {
    await server.stop();
  }
}
await database.drop();
const where = database.kind === 'pg' ? 'PostgreSQL server' : 'embedded PGlite';
console.log(`\n${CONTRACTORS} contractors, ${where}, 20 connections, ${DURATION}s each, latency resolution 1 ms:`);
printTable(results);
console.log(
  'App against its floor (the same answers from a bare Express process; req/s the mean of two runs, p95 the worse):',
);
console.table(
  summary.map((r) => ({
    endpoint: r.endpoint,
    'app req/s': r.appRps,
    'floor req/s': r.floorRps,
    'app/floor': `${Math.round((100 * r.appRps) / r.floorRps)}%`,
    'app p95 ms': r.appP95,
    'floor p95 ms': r.floorP95,
  })),
);
console.log(`${memory.join(', ')} (${where})`);
const clean = results.every((r) => !r.errors && !r.non2xx);
const worstRatio = Math.min(...summary.map((r) => r.appRps / r.floorRps));
const worst = Math.max(...summary.map((r) => r.appP95));
console.log(
  `target app >= 60% of the floor, p95 < 10 ms (with the cache): ${worstRatio >= 0.6 && worst < 10 && clean ? 'met' : 'NOT met'} (worst ${Math.round(100 * worstRatio)}%, worst p95 ${worst} ms${clean ? '' : ', with errors'})`,
);
