/**
 * npm run bench:scale [-- --pglite]
 * Seeds 100,000 contractors and 1,000,000 leads (batched multi-row inserts) into a fresh
 * database on the local PostgreSQL server (or the embedded one with --pglite), then measures
 * public search and the admin lead list with autocannon, and prints the query plans.
 * Targets: search p95 < 30 ms, admin lead list page p95 < 50 ms.
 * The server runs with ADMIN_TWO_FACTOR=optional: the admin signs in with the password alone, as
 * the bench measures reads, not sign-in (docs/decisions/0109-admin-two-factor.md).
 */
import { sql } from 'drizzle-orm';
import { region } from '../shared/region';
import { freshDatabase, startBenchServer } from './lib/bench-server';
import { ensureBuildFromTs } from './lib/ensure-build';
import { printTable, runLoad, type LoadResult } from './lib/load';
import { rng, seedScaleContractors, seedScaleLeads } from './lib/scale-seed';

const CONTRACTORS = Number(process.env.BENCH_CONTRACTORS ?? 100_000);
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const usePglite = process.argv.includes('--pglite');
const serverUrl = usePglite
  ? undefined
  : (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

const rand = rng(5);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const services = [...region.homeSearchServices.map((o) => o.value), ...region.services.map((s) => s.slug)];
const towns = ['all', ...region.towns.map((t) => t.slug)];

await ensureBuildFromTs();
const database = await freshDatabase(serverUrl);
let t = Date.now();
{
  const db = await database.open();
  await seedScaleContractors(db.db, CONTRACTORS);
  console.log(`${CONTRACTORS} contractors in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  t = Date.now();
  await seedScaleLeads(db.db, LEADS);
  console.log(`${LEADS} leads in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  for (const [label, query] of [
    [
      'search: service + town, rating order',
      sql`explain (analyze, buffers) select id from contractors c where approval_status = 'approved' and is_visible and exists (select 1 from contractor_services cs where cs.contractor_id = c.id and cs.service_id in (3)) and (c.home_town_id = 1 or exists (select 1 from contractor_service_areas a where a.contractor_id = c.id and a.town_id = 1)) and verified order by rating desc, review_count desc, id limit 24`,
    ],
    [
      'admin lead list, page 20',
      sql`explain (analyze, buffers) select id from leads order by created_at desc, id desc limit 25 offset 475`,
    ],
    [
      'admin lead list, status new, page 20',
      sql`explain (analyze, buffers) select id from leads where status = 'new' order by created_at desc, id desc limit 25 offset 475`,
    ],
  ] as const) {
    const res = (await db.db.execute(query)) as unknown as { rows: Record<string, string>[] };
    console.log(`\n-- plan: ${label}\n${res.rows.map((r) => Object.values(r)[0]).join('\n')}`);
  }
  await db.close();
}

const results: LoadResult[] = [];
for (const cache of [true, false]) {
  // TRUST_PROXY: the production session cookie is Secure, so the sign-in claims to come through TLS.
  const server = await startBenchServer(
    { ...database.env, DIRECTORY_CACHE: String(cache), TRUST_PROXY: 'true', ADMIN_TWO_FACTOR: 'optional' },
    6800 + (process.pid % 300),
  );
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ username: 'admin', password: 'bench-admin-password' }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    if (!login.ok || !cookie)
      throw new Error(`admin sign-in failed (${login.status}): the lead list would measure 401s`);
    const search = [
      {
        setupRequest: (req: object) => ({
          ...req,
          path: `/api/contractors/search?service=${pick(services)}&location=${pick(towns)}&licensed=true&page=${pick(['1', '2'])}`,
        }),
      },
    ];
    await runLoad({ label: 'warm-up', url: server.url, connections: 5, durationSeconds: 3, requests: search });
    results.push(
      await runLoad({
        label: `search${cache ? '' : ' [no cache]'}`,
        url: server.url,
        connections: 20,
        durationSeconds: DURATION,
        requests: search,
      }),
    );
    if (cache) {
      const leadsPage = [
        {
          setupRequest: (req: object) => ({
            ...req,
            path: `/api/leads?page=${1 + Math.floor(rand() * 40)}&status=${pick(['all', 'all', 'new', 'delivered'])}`,
            headers: { cookie },
          }),
        },
      ];
      await runLoad({ label: 'warm-up', url: server.url, connections: 5, durationSeconds: 3, requests: leadsPage });
      results.push(
        await runLoad({
          label: 'admin lead list (pages 1-40, by status)',
          url: server.url,
          connections: 20,
          durationSeconds: DURATION,
          requests: leadsPage,
        }),
      );
    }
  } finally {
    await server.stop();
  }
}
await database.drop();
console.log(
  `\n${CONTRACTORS} contractors and ${LEADS} leads on ${database.kind === 'pg' ? 'the PostgreSQL server' : 'embedded PGlite'}, 20 connections, ${DURATION}s each:`,
);
printTable(results);
const verdict = (r: LoadResult | undefined, target: number) =>
  r && !r.errors && !r.non2xx ? `${r.p95} ms ${r.p95 < target ? 'met' : 'NOT met'}` : 'NOT met (errors)';
const searchResult = results.find((r) => r.label === 'search');
const leadsResult = results.find((r) => r.label.startsWith('admin lead list'));
console.log(
  `targets: search p95 < 30 ms -> ${verdict(searchResult, 30)}; admin lead list p95 < 50 ms -> ${verdict(leadsResult, 50)}`,
);
