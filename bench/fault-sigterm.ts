/**
 * npm run bench:fault-sigterm [-- --pg]
 * Sends SIGTERM to the built app in the middle of a paced load and reports whether the
 * requests in flight at that moment were answered and how long the process took to exit.
 */
import { freshDatabase, startBenchServer } from './lib/bench-server';
import { ensureBuildFromTs } from './lib/ensure-build';
import { visitorMix } from './lib/mix';
import { runPaced } from './lib/paced';
import { discoverTargets } from './lib/targets';

const usePg = process.argv.includes('--pg') || Boolean(process.env.BENCH_DATABASE_URL);
const serverUrl = usePg ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : undefined;
const RATE = 100;
const KILL_AT_MS = 5_000;

await ensureBuildFromTs();
const database = await freshDatabase(serverUrl);
const server = await startBenchServer(database.env, 6500 + (process.pid % 300));
try {
  const next = visitorMix(await discoverTargets(server));
  let killedAt = 0;
  let exitedAfter = -1;
  const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
  const records = await runPaced({
    baseUrl: server.url,
    rate: RATE,
    durationSeconds: 8,
    next,
    // The signal goes when a request is being answered, so the figure shows what happens to it.
    onTick: (ms, unanswered) => {
      if (!killedAt && ms >= KILL_AT_MS && unanswered > 0) {
        killedAt = ms;
        const t0 = Date.now();
        server.child.kill('SIGTERM');
        void exited.then(() => (exitedAfter = Date.now() - t0));
      }
    },
  });
  const code = await exited;
  const before = records.filter((r) => r.at < killedAt);
  const inFlight = before.filter((r) => r.at + r.ms > killedAt);
  const inFlightOk = inFlight.filter((r) => r.status >= 200 && r.status < 500);
  const after = records.filter((r) => r.at > killedAt + 50);
  console.log(
    `\nSIGTERM at ${(killedAt / 1000).toFixed(1)} s of a ${RATE} req/s load (${database.kind === 'pg' ? 'PostgreSQL server' : 'embedded PGlite'})`,
  );
  console.log(
    `requests sent before the signal: ${before.length}, answered: ${before.filter((r) => r.status > 0).length}, errors before it: ${before.filter((r) => r.status >= 500 || r.status === 0).length}`,
  );
  console.log(`in flight when the signal arrived: ${inFlight.length}; answered normally: ${inFlightOk.length}`);
  console.log(
    `requests after the signal were refused (connection closed): ${after.filter((r) => r.status === 0).length} of ${after.length}`,
  );
  console.log(`process exit code ${code} after ${exitedAfter} ms`);
  const ok = inFlightOk.length === inFlight.length && code === 0 && exitedAfter >= 0 && exitedAfter < 10_000;
  console.log(`target (in-flight requests finish, exit within 10 s): ${ok ? 'met' : 'NOT met'}`);
} finally {
  if (server.child.exitCode === null) await server.stop();
  await database.drop();
}
