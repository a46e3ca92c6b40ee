/**
 * npm run bench:start
 * The built app's start on the embedded database, as deployed (NODE_ENV=production): a first start
 * on an empty folder (the build's image unpacked, migrated and set up), then a later start on the
 * same folder, and a first start that also seeds the sample data (as `npm start` does outside
 * production). Each is timed from spawning node to the first page (GET / answered 200), with the
 * app's memory (RSS) at that moment and after BENCH_SETTLE_SECONDS (default 25) idle, by when V8
 * has given back what the start-up work left (it does so once allocation has stopped for a while).
 * BENCH_ROUNDS rounds (default 2); the table has every round and the median.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchAppEnv, builtServerEntry, rssMbOf } from './lib/bench-server';
import { ensureBuildFromTs } from './lib/ensure-build';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 25);
const TARGET_MS = 2_500;
const port = 6000 + (process.pid % 300);

interface Start {
  start: string;
  round: number;
  firstPageMs: number;
  rssAtFirstPageMb: number;
  rssSettledMb: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function firstPage(url: string, exited: () => boolean): Promise<void> {
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (exited() || Date.now() > until) throw new Error('the app did not answer its first page');
    await sleep(10);
  }
}

async function timeStart(
  label: string,
  round: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, [builtServerEntry()], {
    env: { ...benchAppEnv(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    await firstPage(`http://127.0.0.1:${port}/`, () => child.exitCode !== null);
    const firstPageMs = Math.round(performance.now() - started);
    const rssAtFirstPageMb = Math.round(rssMbOf(child.pid!));
    await sleep(SETTLE_SECONDS * 1000);
    return { start: label, round, firstPageMs, rssAtFirstPageMb, rssSettledMb: Math.round(rssMbOf(child.pid!)) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

await ensureBuildFromTs();
const results: Start[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const samples = mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  try {
    results.push(await timeStart('first start, empty folder', round, dir));
    results.push(await timeStart('later start, same folder', round, dir));
    results.push(await timeStart('first start with sample data', round, samples, { SEED_SAMPLE_DATA: 'true' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(samples, { recursive: true, force: true });
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kinds = [...new Set(results.map((r) => r.start))];
const medians = kinds.map((start) => {
  const rows = results.filter((r) => r.start === start);
  return {
    start,
    round: 'median',
    firstPageMs: median(rows.map((r) => r.firstPageMs)),
    rssAtFirstPageMb: median(rows.map((r) => r.rssAtFirstPageMb)),
    rssSettledMb: median(rows.map((r) => r.rssSettledMb)),
  };
});
console.log(`\nStarts of the built app on the embedded database (${builtServerEntry()}), ${ROUNDS} rounds:`);
console.table(
  [...results, ...medians].map((r) => ({
    start: r.start,
    round: r.round,
    'to first page ms': r.firstPageMs,
    'RSS then MB': r.rssAtFirstPageMb,
    [`RSS ${SETTLE_SECONDS} s later MB`]: r.rssSettledMb,
  })),
);
const first = medians.find((m) => m.start.startsWith('first start, empty'))!;
const later = medians.find((m) => m.start.startsWith('later'))!;
console.log(
  `targets: first start to first page < ${TARGET_MS} ms: ${first.firstPageMs < TARGET_MS ? 'met' : 'NOT met'} (${first.firstPageMs} ms); ` +
    `RSS <= 400 MB after a first start: ${first.rssAtFirstPageMb <= 400 ? 'met' : 'NOT met'} (${first.rssAtFirstPageMb} MB); ` +
    `<= 250 MB after a later start: at the first page ${later.rssAtFirstPageMb <= 250 ? 'met' : 'NOT met'} (${later.rssAtFirstPageMb} MB), ` +
    `${SETTLE_SECONDS} s later ${later.rssSettledMb <= 250 ? 'met' : 'NOT met'} (${later.rssSettledMb} MB)`,
);
