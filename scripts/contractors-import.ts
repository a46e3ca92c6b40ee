// `npm run contractors:import -- --county <slug> [--dry-run] <file>`: imports a county's contractor
// list (CSV or .xlsx) into the database the app uses (DATABASE_URL, or the embedded one in
// DATA_DIR), as the admin's import page does (docs/decisions/0130-contractor-import.md). Prints
// the outcome counts and every failed row with its number and reason; --dry-run writes nothing.
// Runs with the app stopped or running: on PostgreSQL beside it; the embedded database is one
// process's at a time, so while the app holds it the file goes to the app through its operator
// channel (docs/decisions/0134-operator-channel.md).
import { closeSync, openSync, openAsBlob, readSync, statSync, createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { importCountsText, type ImportAnswer, type ImportProgress } from '@shared/contractor-import';
import { HEAD_BYTES, importContractors } from '../server/contractors/import/contractor-import';
import { openDatabase } from '../server/db/client';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { findOperatorChannel, OPERATOR_PATH } from '../server/http/operator-channel';
import { seedDatabase } from '../server/db/seed';
import { DomainError } from '../server/domain/errors';
import { ConfigError, loadDotEnv, parseEnv, seedsSampleData, type Env } from '../server/env';
import { createLogger } from '../server/logger';
import { buildContext } from '../server/main';

const USAGE = 'Usage: npm run contractors:import -- --county <slug> [--dry-run] <file.csv|file.xlsx>';

loadDotEnv();
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { county: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  });
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(1);
}
const { values: args, positionals } = parsed;
const file = positionals[0];
if (!args.county || !file || positionals.length > 1) {
  console.error(USAGE);
  process.exit(1);
}
let size: number;
try {
  size = statSync(file).size;
} catch {
  console.error(`No such file: ${file}`);
  process.exit(1);
}
const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
const fd = openSync(file, 'r');
readSync(fd, head, 0, head.length, 0);
closeSync(fd);

let env: Env;
try {
  env = parseEnv();
} catch (err) {
  // The app's own settings: an operator runs this with the environment the app runs with.
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const fileName = file.split(/[\\/]/).pop() ?? file;
const dryRun = args['dry-run'];
const county = args.county;

let database;
try {
  database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
} catch (err) {
  if (err instanceof DataDirLockedError) {
    const channel = findOperatorChannel(env.DATA_DIR);
    if (channel) {
      await importThroughApp(channel);
      process.exit();
    }
    console.error(`${err.message}\nStop the app first, or import from the admin's Import page while it runs.`);
  } else console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

/** A bar on a terminal, a line now and then otherwise (a log file, CI). */
function progressPrinter() {
  const tty = process.stderr.isTTY;
  let lastLine = 0;
  return {
    show({ stage, rows }: ImportProgress) {
      const word = stage === 'committing' ? 'Imported' : 'Read';
      if (tty) {
        // The file's bytes are not counted as rows are read, so the bar fills by rows against a guess of one row per 150 bytes.
        const guess = Math.max(rows, Math.round(size / 150));
        const width = 30;
        const filled = Math.min(width, Math.round((rows / guess) * width));
        process.stderr.write(
          `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${word} ${rows.toLocaleString('en-US')} rows`,
        );
      } else if (rows - lastLine >= 5_000) {
        lastLine = rows;
        process.stderr.write(`${word} ${rows.toLocaleString('en-US')} rows\n`);
      }
    },
    done() {
      if (tty) process.stderr.write('\n');
    },
  };
}

/** What the import did: the counts, then every failed row with its number and reason. */
function report(answer: ImportAnswer, started: number) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${dryRun ? 'Dry run (nothing written)' : `Import #${answer.importId}`} into ${answer.county}: ${answer.rowCount.toLocaleString('en-US')} rows in ${seconds} s`,
  );
  console.log(importCountsText(answer.counts));
  for (const row of answer.rows.filter((r) => r.outcome === 'error'))
    console.log(`Row ${row.row}${row.name ? ` (${row.name})` : ''}: ${row.error}`);
  if (!dryRun && answer.counts.new > 0)
    console.log(`The new listings wait for approval: Admin, Import, 'Approve all' (import #${answer.importId}).`);
}

/**
 * The running app imports it: the file goes as the admin page sends it, and the app's progress
 * lines drive the same bar. A refusal is its message and exit code 1, as when run here.
 */
async function importThroughApp(channel: { url: string; token: string }) {
  console.error(`The app is running on this data folder (${env.DATA_DIR}): importing through it.`);
  const form = new FormData();
  form.append('county', county!);
  form.append('file', await openAsBlob(file!), fileName);
  const started = Date.now();
  let res: Response;
  try {
    res = await fetch(`${channel.url}${OPERATOR_PATH}/imports${dryRun ? '/preview' : ''}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${channel.token}`, Accept: 'application/x-ndjson' },
      body: form,
    });
  } catch (err) {
    console.error(`The app at ${channel.url} could not be reached: ${(err as Error).message}`);
    process.exit(1);
  }
  if (!res.headers.get('content-type')?.includes('application/x-ndjson')) {
    const body = (await res.json().catch(() => null)) as (ImportAnswer & { message?: string }) | null;
    if (res.ok && body) return report(body, started);
    console.error(body?.message ?? `The app answered ${res.status}.`);
    process.exit(1);
  }
  const progress = progressPrinter();
  const lines = createInterface({ input: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream) });
  let last: { answer?: ImportAnswer; error?: { message: string } } = {};
  for await (const line of lines) {
    if (!line.trim()) continue;
    const message = JSON.parse(line) as {
      progress?: ImportProgress;
      answer?: ImportAnswer;
      error?: { message: string };
    };
    if (message.progress) progress.show(message.progress);
    else last = message;
  }
  progress.done();
  if (last.answer) return report(last.answer, started);
  console.error(last.error?.message ?? 'The app stopped answering before the import finished.');
  process.exit(1);
}

try {
  await database.withStartupLock(async () => {
    await database.migrate();
    await seedDatabase(database.db, { sampleData: seedsSampleData(env) });
  });
  const ctx = buildContext(env, database, createLogger({ silent: true }));
  const started = Date.now();
  const progress = progressPrinter();
  const answer = await importContractors(
    ctx,
    { kind: 'command-line' },
    { fileName, head, body: () => createReadStream(file) },
    { county, commit: !dryRun, onProgress: (p) => progress.show(p) },
  ).finally(() => progress.done());
  report(answer, started);
} catch (err) {
  if (!(err instanceof DomainError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
