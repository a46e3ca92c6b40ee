/**
 * npm run bench:memory [-- --pg]
 * Where the built app's memory goes (docs/decisions/0123-embedded-memory.md), on the embedded
 * database (or a scratch database on the local PostgreSQL server with --pg or BENCH_DATABASE_URL),
 * seeded with the sample data as `npm start` seeds it outside production. The app runs as deployed
 * (NODE_ENV=production, dist/), one process per scenario:
 * - after start: a later start on the seeded folder, its first page answered;
 * - after a visitor mix: BENCH_VISITS requests (default 400, 4 at a time) of searches, profiles,
 *   service pages, the gallery, the blog and a few quote requests, as pages and as the API;
 * - after an admin mix: the same, then an administrator's session (dashboard, lead list, the
 *   queues, the CSV downloads) and a contractor's portal with one photo upload;
 * - after a first start (embedded only): an empty folder, unpacked from the build's image.
 * Each prints RSS and where it goes: node's own baseline (a bare node process), PGlite's
 * WebAssembly memory, the V8 heap (used and total after a full collection; compiled code among it)
 * and memory outside it; and what holds the heap, measured by emptying each holder in turn and
 * collecting (server/memory-probe.ts, reached over an IPC channel only this bench opens): the
 * answer caches, the page caches, the admin lead pages and service memo, the read model, and the
 * server-render bundle (the heap it added when it was loaded at start). The floor, on the embedded
 * database: a bare PGlite process opening the same folder with the app's memory settings, after
 * opening and after 200 queries.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { region } from '../shared/region';
import { PGLITE_MEMORY_SETTINGS, PGLITE_V8_FLAGS } from '../server/db/client';
import type { MemoryReport } from '../server/memory-probe';
import { freshDatabase, rssMbOf, startBenchServer, type BenchServer } from './lib/bench-server';
import { ensureBuildFromTs } from './lib/ensure-build';
import { call, newContractorAccount, signIn, uploadPhoto } from './lib/photo-profile';
import { rng } from './lib/scale-seed';
import { discoverTargets } from './lib/targets';

const usePg = process.argv.includes('--pg') || Boolean(process.env.BENCH_DATABASE_URL);
const serverUrl = usePg ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : undefined;
const VISITS = Number(process.env.BENCH_VISITS ?? 400);
const FLOOR_QUERIES = 200;
/** How long the app is left idle before its memory is read again: V8 gives back what it no longer needs once allocation has stopped a while. */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 20);
const port = 6300 + (process.pid % 300);
const here = path.dirname(fileURLToPath(import.meta.url));
const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round(bytes / MB);
/** What a browser sends; the answers are gzip, as they are kept. */
const BROWSER = { accept: 'text/html,application/json', 'accept-encoding': 'gzip, deflate, br' };
/** TRUST_PROXY: the production session cookie is Secure, so the sessions claim to come through TLS. */
const TLS = { 'x-forwarded-proto': 'https' };
const ADMIN = { username: 'admin', password: 'bench-admin-password' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Node's own baseline: a bare node process doing nothing. */
async function nodeBaselineMb(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await sleep(500);
  const rss = rssMbOf(child.pid!);
  child.kill();
  return rss;
}

interface Floor {
  v8Flags: string;
  opened: number;
  afterQueries: number;
}

/** The floor: a bare PGlite process on the folder (bench/lib/pglite-floor.mjs), with V8's defaults or the app's flags. */
async function pgliteFloor(dataDir: string, v8Flags: string): Promise<Floor> {
  const child = spawn(
    process.execPath,
    [
      path.join(here, 'lib', 'pglite-floor.mjs'),
      dataDir,
      JSON.stringify(PGLITE_MEMORY_SETTINGS),
      String(FLOOR_QUERIES),
      v8Flags,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the PGlite floor exited with ${code}`);
  return { v8Flags, ...(JSON.parse(out) as { opened: number; afterQueries: number }) };
}

/** Asks the app's probe for its report (server/memory-probe.ts). */
function probe(server: BenchServer): Promise<MemoryReport> {
  return new Promise((resolve, reject) => {
    const onMessage = (msg: { type?: string; report?: MemoryReport }) => {
      if (msg?.type !== 'memory') return;
      server.child.off('message', onMessage);
      resolve(msg.report!);
    };
    server.child.on('message', onMessage);
    if (!server.child.send({ type: 'memory' })) reject(new Error('the app has no IPC channel'));
  });
}

interface Tally {
  requests: number;
  failed: Map<string, number>;
}

async function get(tally: Tally, url: string, p: string, headers: Record<string, string> = {}): Promise<void> {
  const res = await fetch(url + p, { headers: { ...BROWSER, ...headers } });
  await res.arrayBuffer();
  tally.requests++;
  if (res.status >= 400) {
    const key = `${p.replace(/\d+/g, 'N')} ${res.status}`;
    tally.failed.set(key, (tally.failed.get(key) ?? 0) + 1);
  }
}

/** BENCH_VISITS requests of what visitors ask, 4 at a time. */
async function visitorMix(server: BenchServer, tally: Tally): Promise<void> {
  const { contractorIds, blogSlugs } = await discoverTargets(server);
  const rand = rng(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const services = region.homeSearchServices.map((o) => o.value);
  const serviceSlugs = region.services.map((s) => s.slug);
  const towns = region.towns.map((t) => t.slug);
  let quotes = 0;
  const next = (): (() => Promise<void>) => {
    const r = rand();
    const url = server.url;
    if (r < 0.1) return () => get(tally, url, '/');
    if (r < 0.25) return () => get(tally, url, `/search?service=${pick(services)}&location=${pick(towns)}`);
    if (r < 0.4)
      return () => get(tally, url, `/api/contractors/search?service=${pick(services)}&location=${pick(towns)}`);
    if (r < 0.5)
      return () =>
        get(
          tally,
          url,
          `/api/contractors?service=${pick(serviceSlugs)}&sort=${pick(['rating', 'name', 'reviews'])}&page=1&pageSize=12`,
        );
    if (r < 0.65) return () => get(tally, url, `/contractor/${pick(contractorIds)}`);
    if (r < 0.72) return () => get(tally, url, `/api/contractors/${pick(contractorIds)}`);
    if (r < 0.8) return () => get(tally, url, `/contractors/${pick(serviceSlugs)}`);
    if (r < 0.83) return () => get(tally, url, '/gallery');
    if (r < 0.86) return () => get(tally, url, '/blog');
    if (r < 0.95) return () => get(tally, url, `/blog/${pick(blogSlugs)}`);
    quotes++;
    return async () => {
      const res = await fetch(`${url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({
          name: 'Memory Bench',
          email: `memory.${Date.now()}.${quotes}@example.com`,
          phone: '(570) 555-0150',
          serviceNeeded: pick(region.quoteServices).label,
          location: `${pick(region.towns).name}, PA`,
          projectDetails: 'Measuring where the memory goes: a realistic quote request body.',
          contractorId: pick(contractorIds),
        }),
      });
      await res.arrayBuffer();
      tally.requests++;
      if (res.status >= 400)
        tally.failed.set(`POST /api/leads ${res.status}`, (tally.failed.get(`POST /api/leads ${res.status}`) ?? 0) + 1);
    };
  };
  let left = VISITS;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (left-- > 0) await next()();
    }),
  );
}

/** An administrator's session and a contractor's portal, as people use them. */
async function adminMix(server: BenchServer, tally: Tally): Promise<void> {
  const url = server.url;
  const admin = await signIn(url, '/api/admin/login', ADMIN);
  const asAdmin = { cookie: admin, ...TLS };
  for (let round = 0; round < 3; round++) {
    for (const p of ['/admin', '/admin/leads', '/admin/contractors']) await get(tally, url, p, asAdmin);
    for (const p of [
      '/api/admin/stats',
      '/api/leads?page=1&status=all',
      '/api/leads?page=2&status=all',
      '/api/leads?page=1&status=new',
      '/api/admin/contractors',
      '/api/admin/outbox',
      '/api/admin/reviews',
      '/api/admin/photos',
      '/api/admin/listing-changes',
      '/api/admin/lead-claims',
      '/api/admin/credentials/attention',
      '/api/admin/users',
      '/api/admin/counties',
      '/api/pricing-rules',
      '/api/admin/exports/leads.csv',
      '/api/admin/exports/payments.csv',
    ])
      await get(tally, url, p, asAdmin);
  }
  const { cookie } = await newContractorAccount(url, admin, 'Memory Bench Builders');
  const asContractor = { cookie, ...TLS };
  // The first upload: the image libraries are loaded for it.
  const sharp = (await import('sharp')).default;
  const jpeg = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 120, b: 160 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const photoId = await uploadPhoto(url, cookie, jpeg, 'project', 'Memory bench project');
  await call(url, admin, 'POST', `/api/admin/photos/${photoId}/approve`);
  for (let round = 0; round < 3; round++) {
    await get(tally, url, '/contractor', asContractor);
    for (const p of [
      '/profile',
      '/listing',
      '/leads',
      '/stats',
      '/payments',
      '/photos',
      '/reviews',
      '/credentials',
      '/subscription',
    ])
      await get(tally, url, `/api/contractor${p}`, asContractor);
  }
}

interface Scenario {
  label: string;
  rssMb: number;
  idleRssMb: number;
  report: MemoryReport;
  requests: number;
  failed: Map<string, number>;
}

async function runScenario(
  label: string,
  env: Record<string, string>,
  mixes: ((s: BenchServer, t: Tally) => Promise<void>)[],
): Promise<Scenario> {
  const server = await startBenchServer(
    { ...env, BENCH_MEMORY_PROBE: '1', TRUST_PROXY: 'true', ADMIN_TWO_FACTOR: 'optional' },
    port,
    { ipc: true, nodeArgs: ['--expose-gc'] },
  );
  const tally: Tally = { requests: 0, failed: new Map() };
  try {
    await get(tally, server.url, '/');
    for (const mix of mixes) await mix(server, tally);
    const rssMb = server.rssMb();
    await sleep(SETTLE_SECONDS * 1000);
    const idleRssMb = server.rssMb();
    return { label, rssMb, idleRssMb, report: await probe(server), requests: tally.requests, failed: tally.failed };
  } finally {
    await server.stop();
  }
}

await ensureBuildFromTs();
const baselineMb = await nodeBaselineMb();
console.log(`Seeding the sample data into a fresh ${usePg ? 'PostgreSQL server' : 'embedded'} database...`);
const database = await freshDatabase(serverUrl);
const scenarios: Scenario[] = [];
const floors: Floor[] = [];
try {
  if (database.kind === 'pglite')
    for (const flags of ['', PGLITE_V8_FLAGS]) floors.push(await pgliteFloor(database.env.DATA_DIR!, flags));
  scenarios.push(await runScenario('after start', database.env, []));
  scenarios.push(await runScenario('after a visitor mix', database.env, [visitorMix]));
  scenarios.push(await runScenario('after an admin mix', database.env, [visitorMix, adminMix]));
  if (database.kind === 'pglite') {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'bench-memory-first-'));
    try {
      scenarios.push(await runScenario('after a first start (empty folder)', { DATA_DIR: empty }, []));
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }
} finally {
  await database.drop();
}

const markDelta = (r: MemoryReport, from: string, to: string, key: 'rss' | 'heapUsed') => {
  const a = r.marks.find((m) => m.label === from);
  const b = r.marks.find((m) => m.label === to);
  return a && b ? b[key] - a[key] : NaN;
};

console.log(
  `\nThe built app's memory on the ${usePg ? 'PostgreSQL server' : 'embedded database'} (MB; a bare node process holds ${Math.round(baselineMb)} MB). ` +
    `RSS at the end of the scenario and ${SETTLE_SECONDS} s later; then where it is after a full collection: the node binary's pages, other files mapped, ` +
    "the pages of PGlite's WebAssembly memory touched (of its size), the V8 heap committed (used; of it the young generation), and anonymous memory besides: native allocations and compiled code.",
);
console.table(
  scenarios.map((s) => {
    const r = s.report;
    const res = r.resident;
    return {
      scenario: s.label,
      requests: s.requests,
      RSS: Math.round(s.rssMb),
      [`RSS ${SETTLE_SECONDS} s later`]: Math.round(s.idleRssMb),
      'node binary': res ? mb(res.nodeBinary) : '-',
      'other files': res ? mb(res.otherFiles) : '-',
      'PGlite wasm': r.wasmBytes === null ? '-' : `${res ? mb(res.wasm) : '?'} of ${mb(r.wasmBytes)}`,
      'V8 heap (used)': `${mb(r.afterGc.heapTotal)} (${mb(r.afterGc.heapUsed)})`,
      'young gen': mb(r.heapSpaces.new_space?.size ?? 0),
      'native and code': res ? mb(res.anonymous - r.afterGc.heapTotal) : '-',
    };
  }),
);
console.log('What holds the V8 heap (MB, emptied in turn and collected; the SSR bundle from the start-up marks):');
console.table(
  scenarios.map((s) => ({
    scenario: s.label,
    ...Object.fromEntries(s.report.held.map((h) => [h.what, +(h.bytes / MB).toFixed(1)])),
    'SSR bundle (heap at load)': +(markDelta(s.report, 'jobs started', 'renderer loaded', 'heapUsed') / MB).toFixed(1),
  })),
);
const start = scenarios[0]!.report;
console.log(
  'The start-up (after start): each mark with ms since the process began, CPU ms used, RSS and heap used after a collection (MB):',
);
console.table(
  start.marks.map((m) => ({ mark: m.label, ms: m.ms, 'CPU ms': m.cpuMs, RSS: mb(m.rss), 'heap used': mb(m.heapUsed) })),
);
const first = scenarios.find((s) => s.label.startsWith('after a first start'));
if (first) {
  console.log('The start-up (after a first start):');
  console.table(
    first.report.marks.map((m) => ({
      mark: m.label,
      ms: m.ms,
      'CPU ms': m.cpuMs,
      RSS: mb(m.rss),
      'heap used': mb(m.heapUsed),
    })),
  );
}
for (const floor of floors) {
  console.log(
    `The floor: a bare PGlite process on the same folder with the app's settings (${PGLITE_MEMORY_SETTINGS.join(' ')}), ${floor.v8Flags ? `V8 ${floor.v8Flags}` : "V8's defaults"}: ` +
      `${mb(floor.opened)} MB after opening, ${mb(floor.afterQueries)} MB after ${FLOOR_QUERIES} queries.`,
  );
}
for (const s of scenarios) {
  if (s.failed.size)
    console.log(
      `WARNING: ${s.label}: answers of 400 or more: ${[...s.failed].map(([k, n]) => `${k} x${n}`).join(', ')}`,
    );
}
const later = scenarios.find((s) => s.label === 'after a visitor mix')!;
console.log(
  `target: at most 250 MB after a visitor mix: ${later.rssMb <= 250 ? 'met' : 'NOT met'} (${Math.round(later.rssMb)} MB)`,
);
