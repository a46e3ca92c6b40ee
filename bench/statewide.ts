/**
 * npm run bench:statewide
 * Every Pennsylvania county from one deployment (issue 23): 67 counties, 35,000 contractors and
 * 1,000,000 leads in a fresh database on the local PostgreSQL server, served by two app instances
 * of the built app in production mode. Each county is asked on its own host
 * (`<slug>.statewide.test`, the deployment's PUBLIC_URL being http://statewide.test), through the
 * Host header. Prints:
 * - search and browse p95 over every county at 20 connections (10 an instance), every county warmed
 *   on both instances first; target < 20 ms;
 * - the admin lead list p95 for the platform administrator and a county administrator; < 50 ms;
 * - the dashboard's charts (GET /api/admin/figures) p95 for the same two; < 100 ms (issue 36);
 *   meanwhile a new quote request arrives somewhere in the state every second (BENCH_LEAD_EVERY_MS),
 *   as on a live directory: each moves its county's lead list version, so kept pages are read again;
 * - each instance's resident memory with every county warmed; target <= 400 MB;
 * - adding the 67th county from the admin area and serving its first page; target < 5 s.
 * BENCH_CONTRACTORS, BENCH_LEADS and BENCH_SECONDS change the sizes and the duration.
 * The instances run with ADMIN_TWO_FACTOR=optional: administrators sign in with the password
 * alone, as the bench measures reads, not sign-in (docs/decisions/0109-admin-two-factor.md).
 */
import { eq } from 'drizzle-orm';
import { leads } from '../server/db/schema';
import { freshDatabase, startBenchServer, type BenchServer } from './lib/bench-server';
import { ensureBuildFromTs } from './lib/ensure-build';
import { printTable, runLoad, type LoadResult } from './lib/load';
import {
  addEveryCounty,
  benchCounties,
  seedStatewideContractors,
  seedStatewideLeads,
  seedStatewideOutcomes,
  type BenchCounty,
} from './lib/statewide-seed';
import { rng } from './lib/scale-seed';
import { requestOnHost } from '../tests/support/host-request';

const CONTRACTORS = Number(process.env.BENCH_CONTRACTORS ?? 35_000);
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const LEAD_EVERY_MS = Number(process.env.BENCH_LEAD_EVERY_MS ?? 1000);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DOMAIN = 'statewide.test';
/** Added while the instances run, to time a new county's first page. */
const LAST_COUNTY = 'wyoming';
const PASSWORD = 'bench-admin-password';

/** What a browser's fetch sends: the answers come gzip, as bench:search asks for them. */
const BROWSER = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
const rand = rng(11);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const hostOf = (slug: string) => `${slug}.${DOMAIN}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

await ensureBuildFromTs();
const database = await freshDatabase(serverUrl);
let counties: BenchCounty[];
{
  const db = await database.open();
  console.log(`66 counties added in ${seconds(await addEveryCounty(db.db, [LAST_COUNTY]))}`);
  counties = await benchCounties(db.db);
  let t = performance.now();
  await seedStatewideContractors(db.db, counties, CONTRACTORS);
  console.log(`${CONTRACTORS} contractors in ${seconds(performance.now() - t)}`);
  t = performance.now();
  await seedStatewideLeads(db.db, counties, LEADS);
  console.log(`${LEADS} leads in ${seconds(performance.now() - t)}`);
  t = performance.now();
  await seedStatewideOutcomes(db.db);
  console.log(`their deliveries, payments, replies and refunds in ${seconds(performance.now() - t)}`);
  await db.close();
}

// TRUST_PROXY: the production session cookie is Secure, so the sign-ins claim to come through TLS.
const env = { ...database.env, PUBLIC_URL: `http://${DOMAIN}`, TRUST_PROXY: 'true', ADMIN_TWO_FACTOR: 'optional' };
const base = 6900 + (process.pid % 200) * 2;
const instances: BenchServer[] = [await startBenchServer(env, base), await startBenchServer(env, base + 1)];

/** A request on a county's host (fetch cannot set Host), through the proxy's TLS as production sees it. */
function call(
  server: BenchServer,
  method: string,
  path: string,
  opts: { host?: string; cookie?: string; body?: unknown } = {},
) {
  const host = opts.host ?? DOMAIN;
  const port = new URL(server.url).port;
  return requestOnHost(server.url, host, method, path, {
    body: opts.body,
    headers: {
      'X-Forwarded-Proto': 'https',
      ...(opts.body ? { Origin: `https://${host}:${port}` } : {}),
      ...(opts.cookie ? { Cookie: opts.cookie } : {}),
    },
  });
}

async function signIn(server: BenchServer, username: string): Promise<string> {
  const res = await call(server, 'POST', '/api/admin/login', { body: { username, password: PASSWORD } });
  const cookie = (res.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  if (res.status !== 200 || !cookie)
    throw new Error(`${username} could not sign in (${res.status}): the lead list would measure refusals`);
  return cookie;
}

const searchPath = (county: BenchCounty) =>
  `/api/contractors/search?location=${pick(['all', ...county.towns.map((t) => t.slug)])}&page=${pick(['1', '2'])}`;
const browsePath = () => `/api/contractors?page=${1 + Math.floor(rand() * 5)}`;
/** Each request drawn afresh: its path and headers. */
const drawn = (next: () => { path: string; headers: Record<string, string> }) => [
  { setupRequest: (req: object) => ({ ...req, ...next() }) },
];
/** Requests over every county, each on its own host. */
const overCounties = (path: (county: BenchCounty) => string) =>
  drawn(() => {
    const county = pick(counties);
    return { path: path(county), headers: { ...BROWSER, host: hostOf(county.slug) } };
  });

/** The same load on both instances at once, half the connections each; the worse p95 of the two is the figure. */
async function onBoth(label: string, requests: ReturnType<typeof drawn>): Promise<LoadResult> {
  const results = await Promise.all(
    instances.map((s) => runLoad({ label, url: s.url, connections: 10, durationSeconds: DURATION, requests })),
  );
  const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  const sum = (k: 'requests' | 'rps' | 'errors' | 'non2xx') => results.reduce((n, r) => n + r[k], 0);
  return { ...worst, requests: sum('requests'), rps: sum('rps'), errors: sum('errors'), non2xx: sum('non2xx') };
}

const results: LoadResult[] = [];
const figures: string[] = [];
try {
  // Every county warmed on both instances: its site's first answers load its snapshot.
  let t = performance.now();
  for (const server of instances) {
    for (const county of counties) {
      for (const path of ['/api/contractors/search?location=all', '/api/contractors?page=1']) {
        const res = await call(server, 'GET', path, { host: hostOf(county.slug) });
        if (res.status !== 200) throw new Error(`${county.slug}: ${path} answered ${res.status}`);
      }
    }
  }
  figures.push(`every county warmed on both instances in ${seconds(performance.now() - t)}`);
  figures.push(
    `resident memory with every county warmed: ${instances.map((s, i) => `instance ${i + 1} ${s.rssMb().toFixed(0)} MB`).join(', ')} (target <= 400 MB)`,
  );

  results.push(await onBoth('search, a random county on its host', overCounties(searchPath)));
  results.push(await onBoth('browse, a random county on its host', overCounties(browsePath)));

  // The admin lead list: the platform administrator over every county, and a county administrator of one.
  const platform = await signIn(instances[0]!, 'admin');
  const home = counties[1]!;
  const counties0 = (await call(instances[0]!, 'GET', '/api/admin/users', { cookie: platform })).json() as {
    counties: { id: number; slug: string }[];
  };
  const homeId = counties0.counties.find((c) => c.slug === home.slug)?.id;
  const created = await call(instances[0]!, 'POST', '/api/admin/users', {
    cookie: platform,
    body: { username: 'county-admin', password: PASSWORD, role: 'county', regionIds: homeId ? [homeId] : [] },
  });
  // A new quote request every LEAD_EVERY_MS while the list is measured: a copy of a random seeded
  // lead (so a random county), new and dated now, written as the app writes one (the triggers run).
  const writer = await database.open();
  let arrived = 0;
  const arrive = async () => {
    const [row] = await writer.db
      .select()
      .from(leads)
      .where(eq(leads.id, 1 + Math.floor(rand() * LEADS)));
    if (!row) return;
    const { id: _id, createdAt: _c, updatedAt: _u, withdrawTokenHash: _w, closedAt: _cl, ...copy } = row;
    await writer.db.insert(leads).values({ ...copy, status: 'new', withdrawnAt: null, erasedAt: null });
    arrived++;
  };
  const whileLeadsArrive = async (work: () => Promise<LoadResult>) => {
    const timer = setInterval(
      () => void arrive().catch((err: unknown) => console.error('a new lead failed:', err)),
      LEAD_EVERY_MS,
    );
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  };
  const leadPage = (cookie: string) =>
    drawn(() => ({
      path: `/api/leads?page=${1 + Math.floor(rand() * 40)}&status=${pick(['all', 'all', 'new', 'delivered'])}`,
      headers: { ...BROWSER, host: DOMAIN, cookie },
    }));
  results.push(await whileLeadsArrive(() => onBoth('admin lead list, platform administrator', leadPage(platform))));
  if (created.status === 201) {
    const countyAdmin = await signIn(instances[0]!, 'county-admin');
    results.push(
      await whileLeadsArrive(() =>
        onBoth(`admin lead list, county administrator (${home.slug})`, leadPage(countyAdmin)),
      ),
    );
  } else {
    figures.push(`county administrator: not measured (POST /api/admin/users answered ${created.status})`);
  }
  // The dashboard's charts, for both, while leads arrive (docs/decisions/0129-dashboard-charts.md).
  const chartData = (cookie: string) =>
    drawn(() => ({ path: '/api/admin/figures', headers: { ...BROWSER, host: DOMAIN, cookie } }));
  results.push(await whileLeadsArrive(() => onBoth('dashboard figures, platform administrator', chartData(platform))));
  if (created.status === 201) {
    const countyAdmin = await signIn(instances[1]!, 'county-admin');
    results.push(
      await whileLeadsArrive(() =>
        onBoth(`dashboard figures, county administrator (${home.slug})`, chartData(countyAdmin)),
      ),
    );
  }
  figures.push(
    `new quote requests while the lead list and the figures were measured: ${arrived} (one every ${LEAD_EVERY_MS} ms, random counties)`,
  );
  await writer.close();

  // A new county: added from the admin area on one instance, its first page served by the other.
  t = performance.now();
  const added = await call(instances[0]!, 'POST', '/api/admin/counties', {
    cookie: platform,
    body: { county: LAST_COUNTY },
  });
  if (added.status !== 201) throw new Error(`adding ${LAST_COUNTY} answered ${added.status}`);
  for (;;) {
    const res = await call(instances[1]!, 'GET', '/', { host: hostOf(LAST_COUNTY) });
    if (res.status === 200 && res.text.includes('Wyoming')) break;
    if (performance.now() - t > 30_000)
      throw new Error(`${LAST_COUNTY}'s first page did not come in 30 s (${res.status})`);
    await new Promise((r) => setTimeout(r, 50));
  }
  figures.push(
    `adding ${LAST_COUNTY} and serving its first page on the other instance: ${seconds(performance.now() - t)} (target < 5 s)`,
  );
} finally {
  for (const s of instances) await s.stop();
  await database.drop();
}

console.log(
  `\n${counties.length + 1} counties, ${CONTRACTORS} contractors and ${LEADS} leads on the PostgreSQL server, two instances, 20 connections, ${DURATION}s each:`,
);
printTable(results);
for (const f of figures) console.log(f);
const verdict = (label: string, target: number) => {
  const r = results.find((x) => x.label.startsWith(label));
  return r && !r.errors && !r.non2xx
    ? `${r.p95} ms ${r.p95 < target ? 'met' : 'NOT met'}`
    : 'NOT met (not measured or errors)';
};
console.log(
  `targets: search p95 < 20 ms -> ${verdict('search', 20)}; browse p95 < 20 ms -> ${verdict('browse', 20)}; platform admin lead list p95 < 50 ms -> ${verdict('admin lead list, platform', 50)}; county admin lead list p95 < 50 ms -> ${verdict('admin lead list, county', 50)}; dashboard figures p95 < 100 ms -> platform ${verdict('dashboard figures, platform', 100)}, county ${verdict('dashboard figures, county', 100)}`,
);
