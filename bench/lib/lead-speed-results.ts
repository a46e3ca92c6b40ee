import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { leadDeliveries, leads } from '../../server/db/schema';
import type { CaughtMail } from '../../tests/support/smtp-catcher';
import type { SentText } from '../../tests/support/twilio-stand-in';
import { percentile, type PacedRecord } from './paced';

/** What the database says became of the bench's leads, read once the app has stopped. */
export interface LeadOutcomes {
  /** Leads by routing state (delivered, held, released, pending). */
  routing: Record<string, number>;
  /** Each delivery's lead and how it was settled. */
  deliveries: Map<number, { leadId: number; paymentState: string }>;
}

export async function readLeadOutcomes(db: Db): Promise<LeadOutcomes> {
  const routing = await db
    .select({ routing: leads.routing, n: sql<number>`count(*)::int` })
    .from(leads)
    .where(eq(leads.name, SPEED_TESTER))
    .groupBy(leads.routing);
  const rows = await db
    .select({ id: leadDeliveries.id, leadId: leadDeliveries.leadId, paymentState: leadDeliveries.paymentState })
    .from(leadDeliveries)
    .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
    .where(eq(leads.name, SPEED_TESTER));
  return {
    routing: Object.fromEntries(routing.map((r) => [r.routing, r.n])),
    deliveries: new Map(rows.map((r) => [r.id, { leadId: r.leadId, paymentState: r.paymentState }])),
  };
}

/** The homeowner's name on the bench's quote requests, which tells its leads from the sample data's. */
export const SPEED_TESTER = 'Speed Tester';

const isLeadEmail = (m: CaughtMail) => m.subject.startsWith('New lead:');
const isLeadText = (t: SentText) => /[?&]delivery=\d+/.test(t.body);

/** How many lead emails and lead texts have arrived so far. */
export function matchLeadMessages(received: CaughtMail[], texts: SentText[]): { emails: number; texts: number } {
  return { emails: received.filter(isLeadEmail).length, texts: texts.filter(isLeadText).length };
}

export interface SpeedRow {
  label: string;
  n: number;
  p50: number;
  p95: number;
  max: number;
  /** A time from the answer to the contractor, held to the goal. */
  goal: boolean;
}

const row = (label: string, ms: number[], goal: boolean): SpeedRow => ({
  label,
  n: ms.length,
  p50: percentile(ms, 50),
  p95: percentile(ms, 95),
  max: ms.length ? Math.max(...ms) : 0,
  goal,
});

/**
 * The table of bench:lead-speed: the quote request's answer time, and from the answer to the
 * contractor's lead email accepted by the SMTP server and to its lead text handed to Twilio, for
 * every lead and split by how it was settled. The email names its lead (the pay link's leadId, or
 * a credited lead's homeowner email); the text names its delivery.
 */
export function leadSpeedRows(input: {
  records: PacedRecord[];
  received: CaughtMail[];
  texts: SentText[];
  outcomes: LeadOutcomes;
}) {
  const created = new Map<number, { answeredAt: number; email: string }>();
  for (const r of input.records)
    if (r.status === 201)
      created.set((JSON.parse(r.body) as { id: number }).id, { answeredAt: r.answeredAt, email: r.tag! });
  const leadOfEmail = new Map([...created].map(([id, c]) => [c.email.toLowerCase(), id]));
  const settled = new Map([...input.outcomes.deliveries.values()].map((d) => [d.leadId, d.paymentState]));

  const emailAt = new Map<number, number>();
  for (const m of input.received.filter(isLeadEmail)) {
    const payLink = /[?&]leadId=(\d+)&/.exec(m.text)?.[1];
    const homeowner = /^Email: (\S+)$/m.exec(m.text)?.[1]?.toLowerCase();
    const leadId = payLink ? Number(payLink) : homeowner ? leadOfEmail.get(homeowner) : undefined;
    if (leadId !== undefined && created.has(leadId) && !emailAt.has(leadId)) emailAt.set(leadId, m.acceptedAt!);
  }
  const textAt = new Map<number, number>();
  for (const t of input.texts.filter(isLeadText)) {
    const leadId = input.outcomes.deliveries.get(Number(/[?&]delivery=(\d+)/.exec(t.body)![1]))?.leadId;
    if (leadId !== undefined && created.has(leadId) && !textAt.has(leadId)) textAt.set(leadId, t.acceptedAt);
  }

  const since = (at: Map<number, number>, state?: string) =>
    [...at]
      .filter(([id]) => !state || settled.get(id) === state)
      .map(([id, when]) => Math.max(0, when - created.get(id)!.answeredAt));
  const rows: SpeedRow[] = [
    row(
      '(a) quote request answer (all requests)',
      input.records.map((r) => r.ms),
      false,
    ),
    row('(b) answer -> lead email accepted by SMTP (all)', since(emailAt), true),
    row('(b)   with a plan credit', since(emailAt, 'credited'), true),
    row('(b)   pay link (no credit)', since(emailAt, 'awaiting_payment'), true),
    row('(c) answer -> lead text handed to Twilio (all)', since(textAt), true),
    row('(c)   with a plan credit', since(textAt, 'credited'), true),
    row('(c)   pay link (no credit)', since(textAt, 'awaiting_payment'), true),
  ];
  return {
    rows,
    missing: { emails: created.size - emailAt.size, texts: created.size - textAt.size },
    notCreated: input.records.length - created.size,
  };
}
