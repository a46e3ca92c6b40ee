import { SITE_TIME_ZONE } from '@shared/site-calendar';
import { asc, count, eq, sql } from 'drizzle-orm';
import { formatMoney } from '@shared/money';
import { formatLocation } from '@shared/taxonomy';
import { inTransaction, type AppContext } from '../context';
import { contractors, leads } from '../db/schema';
import { adminAddress } from './admin-notices';
import { queueEmail } from './email-delivery';

/**
 * The daily admin digest (docs/decisions/0089-recurring-jobs.md), when ADMIN_DIGEST is on: what
 * waits for the administrator, submissions to review and leads not yet delivered, with how many
 * arrived in the last day. Nothing waiting, no email.
 */

const LISTED = 20;
const DAY_MS = 24 * 60 * 60_000;

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: SITE_TIME_ZONE });

function section(title: string, total: number, recent: number, lines: string[], link: string): string[] {
  if (total === 0) return [`${title}: none.`];
  return [`${title}: ${total} (${recent} in the last day)`, ...lines.map((l) => `- ${l}`), ...(total > lines.length ? [`- and ${total - lines.length} more`] : []), link];
}

/** Answers whether a digest was queued; 'the last day' is the day before ctx.clock's now. */
export async function sendAdminDigest(ctx: AppContext): Promise<boolean> {
  const since = new Date(ctx.clock.now().getTime() - DAY_MS);
  const pending = eq(contractors.approvalStatus, 'pending');
  const undelivered = eq(leads.status, 'new');
  const [submissions, [submissionCounts], waitingLeads, [leadCounts]] = await Promise.all([
    ctx.db
      .select({ name: contractors.name, city: contractors.city, state: contractors.state, createdAt: contractors.createdAt })
      .from(contractors)
      .where(pending)
      .orderBy(asc(contractors.createdAt), asc(contractors.id))
      .limit(LISTED),
    ctx.db
      .select({ total: count(), recent: sql<number>`count(*) filter (where ${contractors.createdAt} >= ${since.toISOString()}::timestamptz)`.mapWith(Number) })
      .from(contractors)
      .where(pending),
    ctx.db
      .select({ service: leads.serviceNeeded, location: leads.location, priceCents: leads.leadPriceCents, contractor: contractors.name, createdAt: leads.createdAt })
      .from(leads)
      .leftJoin(contractors, eq(contractors.id, leads.requestedContractorId))
      .where(undelivered)
      .orderBy(asc(leads.createdAt), asc(leads.id))
      .limit(LISTED),
    ctx.db
      .select({ total: count(), recent: sql<number>`count(*) filter (where ${leads.createdAt} >= ${since.toISOString()}::timestamptz)`.mapWith(Number) })
      .from(leads)
      .where(undelivered),
  ]);
  const subs = submissionCounts ?? { total: 0, recent: 0 };
  const lds = leadCounts ?? { total: 0, recent: 0 };
  if (subs.total === 0 && lds.total === 0) return false;

  const text = [
    'Good morning,',
    '',
    'This is what is waiting for you on the site today.',
    '',
    ...section(
      'Business submissions to review',
      subs.total,
      subs.recent,
      submissions.map((s) => `${s.name}, ${formatLocation(s.city, s.state)} (received ${dateFormat.format(s.createdAt)})`),
      `Review them at ${ctx.siteUrl}/admin/contractors`,
    ),
    '',
    ...section(
      'Leads not yet delivered',
      lds.total,
      lds.recent,
      waitingLeads.map((l) => `${l.service} in ${l.location}${l.contractor ? ` for ${l.contractor}` : ''}, ${formatMoney(l.priceCents)} (received ${dateFormat.format(l.createdAt)})`),
      `Deliver them at ${ctx.siteUrl}/admin/leads`,
    ),
  ].join('\n');
  await inTransaction(ctx, (tx) =>
    queueEmail(tx, {
      kind: 'admin-digest',
      to: adminAddress(ctx),
      subject: `Daily summary: ${subs.total} ${subs.total === 1 ? 'submission' : 'submissions'} to review, ${lds.total} ${lds.total === 1 ? 'lead' : 'leads'} to deliver`,
      text,
    }),
  );
  return true;
}
