/**
 * npm run bench:lead-speed [-- --pg] [-- --seconds 60 --rate 10 --drain-seconds 120]
 * How fast a quote request reaches its contractor without an administrator (issue 34,
 * docs/decisions/0117-lead-routing.md): quote requests at --rate per second (default 10) for
 * --seconds (default 60) against the built app on a fresh database, spread over the sample
 * county's listed contractors, half with plan credits (credited) and half without (the pay link),
 * all opted in to lead texts. Each request has its own homeowner email and phone and no links, so
 * none is held. The app mails through a local SMTP server (tests/support/smtp-catcher.ts) and texts
 * through the real `twilio` library pointed at a local stand-in (tests/support/twilio-stand-in.ts).
 * Prints p50, p95 and max of the request's own answer time, and of the time from its answer to the
 * contractor's lead email accepted by the SMTP server and to the lead text handed to Twilio.
 * Goal: p95 under 5 s. A lead whose email or text has not come --drain-seconds (default 120) after
 * the last answer is counted as missing (and the goal as not met); the percentiles are of those
 * that came.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startSmtpCatcher } from '../tests/support/smtp-catcher';
import { startTwilioStandIn } from '../tests/support/twilio-stand-in';
import { freshDatabase, startBenchServer } from './lib/bench-server';
import { ensureBuildFromTs } from './lib/ensure-build';
import { prepareLeadSpeed } from './lib/lead-speed-setup';
import { leadSpeedRows, matchLeadMessages, readLeadOutcomes, SPEED_TESTER } from './lib/lead-speed-results';
import { runPaced, type PacedRecord } from './lib/paced';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '10' },
    'drain-seconds': { type: 'string', default: '120' },
  },
});
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
if (!(SECONDS > 0 && RATE > 0 && Number(args['drain-seconds']) >= 0))
  throw new Error('--seconds and --rate must be positive numbers, --drain-seconds not negative');
const GOAL_MS = 5_000;
/** How long after the last answer the lead emails and texts may still come. */
const DRAIN_MS = Number(args['drain-seconds']) * 1000;
const usePg = args.pg || Boolean(process.env.BENCH_DATABASE_URL);
const serverUrl = usePg ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : undefined;

await ensureBuildFromTs();
const database = await freshDatabase(serverUrl);
const smtp = await startSmtpCatcher();
const twilio = await startTwilioStandIn();
try {
  const setup = await database.open();
  const contractors = await prepareLeadSpeed(setup.db).finally(() => setup.close());
  if (!contractors.length) throw new Error('No listed contractor to send quote requests to');
  const server = await startBenchServer(
    { ...database.env, SMTP_URL: smtp.url, ...twilio.appEnv() },
    6400 + (process.pid % 300),
  );
  let records: PacedRecord[];
  // Other work on the machine slows every figure: its load is printed with them.
  const loadAtStart = os.loadavg()[0]!;
  try {
    const run = `${process.pid}-${Date.now()}`;
    records = await runPaced({
      baseUrl: server.url,
      rate: RATE,
      durationSeconds: SECONDS,
      // A slow answer is measured, not cut off (the lead is stored either way).
      timeoutMs: 30_000,
      next: (i) => {
        const c = contractors[i % contractors.length]!;
        const round = Math.floor(i / contractors.length);
        const email = `lead-speed.${run}.${i}@example.com`;
        return {
          method: 'POST',
          path: '/api/leads',
          tag: email,
          body: {
            name: SPEED_TESTER,
            email,
            // A number of its own (NANP: the exchange starts 2-9), so no request is a duplicate of another.
            phone: `(570) ${200 + Math.floor(i / 10_000)}-${String(i % 10_000).padStart(4, '0')}`,
            serviceNeeded: c.services[round % c.services.length],
            location: `${c.towns[round % c.towns.length]}, PA`,
            projectDetails: 'We would like a quote for work on our house this season; weekday mornings suit us best.',
            contractorId: c.id,
          },
        };
      },
    });
    const created = records.filter((r) => r.status === 201).length;
    // Every created lead's contractor gets one email and one text, unless something held or released it.
    const until = Date.now() + DRAIN_MS;
    while (Date.now() < until) {
      const got = matchLeadMessages(smtp.received, twilio.messages);
      if (got.emails >= created && got.texts >= created) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await server.stop();
  }
  const after = await database.open();
  const outcomes = await readLeadOutcomes(after.db).finally(() => after.close());
  const { rows, missing, notCreated } = leadSpeedRows({
    records,
    received: smtp.received,
    texts: twilio.messages,
    outcomes,
  });

  const withCredits = contractors.filter((c) => c.credits).length;
  console.log(
    `\nLead speed: ${RATE} quote requests/s for ${SECONDS} s, ${database.kind === 'pg' ? 'PostgreSQL server' : 'embedded PGlite'}; ` +
      `${contractors.length} contractors (${withCredits} with plan credits, ${contractors.length - withCredits} without: the pay link), all opted in to texts`,
  );
  console.table(
    rows.map((r) => ({
      measure: r.label,
      n: r.n,
      'p50 ms': r.p50,
      'p95 ms': r.p95,
      'max ms': r.max,
      [`goal p95 < ${GOAL_MS / 1000} s`]: r.goal ? (r.p95 < GOAL_MS ? 'met' : 'NOT met') : '',
    })),
  );
  console.log(
    `quote requests not answered 201: ${notCreated}; leads by routing: ${
      Object.entries(outcomes.routing)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    }`,
  );
  console.log(
    `created leads without their lead email: ${missing.emails}, without their lead text: ${missing.texts} (waited up to ${DRAIN_MS / 1000} s after the last answer)`,
  );
  // Each request also mails the homeowner's confirmation and the administrators' notice: the same queue as the lead's email.
  console.log(`SMTP accepted ${smtp.received.length} messages in all, Twilio ${twilio.messages.length} texts`);
  const delivery = rows.filter((r) => r.goal && r.label.endsWith('(all)'));
  const met =
    delivery.every((r) => r.n > 0 && r.p95 < GOAL_MS) &&
    missing.emails === 0 &&
    missing.texts === 0 &&
    notCreated === 0;
  console.log(
    `machine: ${os.cpus().length} cores, 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`,
  );
  console.log(
    `goal (every lead's email and text, p95 under ${GOAL_MS / 1000} s from the answer): ${met ? 'met' : 'NOT met'}`,
  );
} finally {
  await smtp.stop();
  await twilio.close();
  await database.drop();
}
