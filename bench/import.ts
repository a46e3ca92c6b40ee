/**
 * npm run bench:import [-- --pg] [-- --rows 10000]
 * How long a big contractor list takes to import, and whether memory stays flat (issue 38,
 * docs/decisions/0130-contractor-import.md): writes a CSV of --rows fictional businesses (default
 * 10,000) spread over the sample county's towns and services, and a tenth of it, then runs the
 * command-line import (`scripts/contractors-import.ts`, the same code as the admin's page) on each,
 * on a fresh database, as its own process with its V8 heap capped at 96 MB (an import that kept
 * the file's rows would run out of it). Prints each run's time and the process's peak resident
 * memory (VmHWM from /proc): flat memory is a peak that does not grow with the file.
 * Goal: 10,000 rows in under 30 s.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { region } from '@shared/region';
import { freshDatabase } from './lib/bench-server';

const { values: args } = parseArgs({
  options: { pg: { type: 'boolean', default: false }, rows: { type: 'string', default: '10000' } },
});
const ROWS = Number(args.rows);
if (!(ROWS >= 10)) throw new Error('--rows must be at least 10');
const GOAL_MS = 30_000;
const usePg = args.pg || Boolean(process.env.BENCH_DATABASE_URL);
const serverUrl = usePg ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : undefined;

const WORK = [
  'Roofing; Gutters',
  'General Contractor; Additions',
  'Plumbing; Heating',
  'Masonry',
  'Painting',
  'Windows; Doors',
  'Electrical',
  'Decks; Patios',
  'Flooring',
  'Kitchens; Bathrooms',
];

/** A registry-shaped CSV of `rows` businesses, each with its own number, phone and name. */
function registryCsv(rows: number, offset: number): string {
  const lines = ['Business Name,Registration Number,Expiration Date,Type of Work,Phone,Address,City,Zip'];
  for (let i = 0; i < rows; i++) {
    const n = offset + i;
    const town = region.towns[n % region.towns.length]!;
    const exchange = 200 + Math.floor(n / 10_000);
    const line = String(n % 10_000).padStart(4, '0');
    lines.push(
      [
        `Bench Builders ${String(n).padStart(6, '0')} LLC`,
        `PA${String(300_000 + n).padStart(6, '0')}`,
        `${(n % 12) + 1}/28/2027`,
        `"${WORK[n % WORK.length]}"`,
        `570-${exchange}-${line}`,
        `${n} Main St`,
        town.name,
        '18614',
      ].join(','),
    );
  }
  return lines.join('\n') + '\n';
}

/** Runs the import as its own process; its time and its peak resident memory. */
function runImport(env: Record<string, string>, file: string): Promise<{ ms: number; peakMb: number; out: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      ['--max-old-space-size=96', '--import', 'tsx', 'scripts/contractors-import.ts', '--county', region.slug, file],
      {
        // The development defaults: an import needs no payment or mail settings.
        env: { ...process.env, ...env, NODE_ENV: 'development' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let peakKb = 0;
    const watch = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      } catch {
        // Gone already.
      }
    }, 50);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(watch);
      if (code !== 0) return reject(new Error(`The import exited with ${code}:\n${out}`));
      resolve({ ms: Date.now() - started, peakMb: peakKb / 1024, out });
    });
  });
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
const results: { rows: number; ms: number; peakMb: number }[] = [];
try {
  for (const [rows, offset] of [
    [Math.round(ROWS / 10), 0],
    [ROWS, 100_000],
  ] as const) {
    const database = await freshDatabase(serverUrl);
    try {
      const file = path.join(dir, `registry-${rows}.csv`);
      writeFileSync(file, registryCsv(rows, offset));
      const run = await runImport(database.env, file);
      const counts = /(\d+) new, (\d+) updates?, (\d+) duplicates?, (\d+) errors?/.exec(run.out);
      if (!counts || Number(counts[1]) !== rows) throw new Error(`Expected ${rows} new listings:\n${run.out}`);
      results.push({ rows, ms: run.ms, peakMb: run.peakMb });
    } finally {
      await database.drop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\nContractor import on ${usePg ? 'PostgreSQL' : 'the embedded database'} (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)})`,
);
console.log('rows     time (process start to exit)   peak RSS');
for (const r of results)
  console.log(`${String(r.rows).padEnd(8)} ${`${(r.ms / 1000).toFixed(1)} s`.padEnd(30)} ${r.peakMb.toFixed(0)} MB`);
const big = results[1]!;
console.log(
  `\nGoal: ${ROWS.toLocaleString('en-US')} rows under ${GOAL_MS / 1000} s: ${big.ms < GOAL_MS ? 'met' : 'NOT met'}; peak memory ${big.peakMb.toFixed(0)} MB against ${results[0]!.peakMb.toFixed(0)} MB for a tenth of the rows.`,
);
