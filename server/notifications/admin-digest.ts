import { SITE_TIME_ZONE } from '@shared/site-calendar';
import { and, asc, count, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { formatMoney } from '@shared/money';
import { formatLocation } from '@shared/taxonomy';
import { inTransaction, type AppContext } from '../context';
import { contractors, leads, towns } from '../db/schema';
import { adminAddress, countyRecipients } from './admin-notices';
import { oneCountyOf } from '../counties/admin-scope';
import { queueEmail } from './email-delivery';
import { countySitesById, type CountySiteWords } from '../counties/counties';

/**
 * The daily admin digest (docs/decisions/0089-recurring-jobs.md), when ADMIN_DIGEST is on: what
 * waits for the administrators, submissions to review and leads not yet delivered, with how many
 * arrived in the last day, per county with links to that county's site
 * (docs/decisions/0106-county-emails-and-jobs.md). The platform's address gets every county; each
 * county administrator with an address gets its counties'. Nothing waiting, no email.
 */

const LISTED = 20;
const DAY_MS = 24 * 60 * 60_000;

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: SITE_TIME_ZONE });

/** One kind of waiting item in one county: how many, how many of the last day, the oldest few as lines. */
interface Waiting {
  total: number;
  recent: number;
  lines: { at: Date; id: number; text: string }[];
}

const none = (): Waiting => ({ total: 0, recent: 0, lines: [] });

function section(title: string, w: Waiting, link: string): string[] {
  if (w.total === 0) return [`${title}: none.`];
  return [
    `${title}: ${w.total} (${w.recent} in the last day)`,
    ...w.lines.map((l) => `- ${l.text}`),
    ...(w.total > w.lines.length ? [`- and ${w.total - w.lines.length} more`] : []),
    link,
  ];
}

/** Adds one county's rows into another's (the platform's digest puts townless submissions with the default county). */
function merge(into: Waiting, from: Waiting): Waiting {
  const lines = [...into.lines, ...from.lines]
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id)
    .slice(0, LISTED);
  return { total: into.total + from.total, recent: into.recent + from.recent, lines };
}

type Line = { county: number | null; id: number; createdAt: Date; text: string };

/** Counts per county and the lines of the oldest LISTED items of each (null: a submission without a home town). */
function byCounty(
  counts: { county: number | null; total: number; recent: number }[],
  lines: Line[],
): Map<number | null, Waiting> {
  const waiting = new Map<number | null, Waiting>();
  for (const c of counts) waiting.set(c.county, { total: c.total, recent: c.recent, lines: [] });
  for (const l of lines) waiting.get(l.county)?.lines.push({ at: l.createdAt, id: l.id, text: l.text });
  return waiting;
}

const recentSince = (createdAt: typeof contractors.createdAt | typeof leads.createdAt, since: Date) =>
  sql<number>`count(*) filter (where ${createdAt} >= ${since.toISOString()}::timestamptz)`.mapWith(Number);

/** The first LISTED of each county, oldest first. */
const rankIn = (
  county: SQL,
  createdAt: typeof contractors.createdAt | typeof leads.createdAt,
  id: typeof contractors.id | typeof leads.id,
) => sql<number>`row_number() over (partition by ${county} order by ${createdAt}, ${id})`.as('rank');

/** Submissions to review, by the county of the business's home town. */
async function waitingSubmissions(ctx: Pick<AppContext, 'db'>, since: Date): Promise<Map<number | null, Waiting>> {
  const county = sql<number | null>`${towns.regionId}`;
  const pending = eq(contractors.approvalStatus, 'pending');
  const ranked = ctx.db
    .select({
      county: county.as('county'),
      id: contractors.id,
      name: contractors.name,
      city: contractors.city,
      state: contractors.state,
      createdAt: contractors.createdAt,
      rank: rankIn(county, contractors.createdAt, contractors.id),
    })
    .from(contractors)
    .leftJoin(towns, eq(towns.id, contractors.homeTownId))
    .where(pending)
    .as('ranked');
  const [counts, rows] = await Promise.all([
    ctx.db
      .select({ county, total: count(), recent: recentSince(contractors.createdAt, since) })
      .from(contractors)
      .leftJoin(towns, eq(towns.id, contractors.homeTownId))
      .where(pending)
      .groupBy(towns.regionId),
    ctx.db.select().from(ranked).where(lte(ranked.rank, LISTED)).orderBy(asc(ranked.createdAt), asc(ranked.id)),
  ]);
  return byCounty(
    counts,
    rows.map((s) => ({
      county: s.county,
      id: s.id,
      createdAt: s.createdAt,
      text: `${s.name}, ${formatLocation(s.city, s.state)} (received ${dateFormat.format(s.createdAt)})`,
    })),
  );
}

/** Leads waiting for an administrator (held, or not yet routed), by their county; a released or rejected one waits for no one (docs/decisions/0117-lead-routing.md). */
async function waitingLeads(ctx: Pick<AppContext, 'db'>, since: Date): Promise<Map<number | null, Waiting>> {
  const undelivered = and(eq(leads.status, 'new'), inArray(leads.routing, ['pending', 'held']))!;
  const ranked = ctx.db
    .select({
      county: leads.regionId,
      id: leads.id,
      service: leads.serviceNeeded,
      location: leads.location,
      priceCents: leads.leadPriceCents,
      contractor: sql<string | null>`${contractors.name}`.as('contractor'),
      createdAt: leads.createdAt,
      rank: rankIn(sql`${leads.regionId}`, leads.createdAt, leads.id),
    })
    .from(leads)
    .leftJoin(contractors, eq(contractors.id, leads.requestedContractorId))
    .where(undelivered)
    .as('ranked');
  const [counts, rows] = await Promise.all([
    ctx.db
      .select({ county: leads.regionId, total: count(), recent: recentSince(leads.createdAt, since) })
      .from(leads)
      .where(undelivered)
      .groupBy(leads.regionId),
    ctx.db.select().from(ranked).where(lte(ranked.rank, LISTED)).orderBy(asc(ranked.createdAt), asc(ranked.id)),
  ]);
  return byCounty(
    counts,
    rows.map((l) => ({
      county: l.county,
      id: l.id,
      createdAt: l.createdAt,
      text: `${l.service} in ${l.location}${l.contractor ? ` for ${l.contractor}` : ''}, ${formatMoney(l.priceCents)} (received ${dateFormat.format(l.createdAt)})`,
    })),
  );
}

interface CountyWaiting {
  site: CountySiteWords;
  submissions: Waiting;
  leads: Waiting;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The digest of these counties, or null when nothing waits in any of them. */
function digestOf(counties: CountyWaiting[], subjectPrefix: string): { subject: string; text: string } | null {
  const waiting = counties.filter((c) => c.submissions.total > 0 || c.leads.total > 0);
  if (!waiting.length) return null;
  const subs = waiting.reduce((n, c) => n + c.submissions.total, 0);
  const lds = waiting.reduce((n, c) => n + c.leads.total, 0);
  const text = [
    'Good morning,',
    '',
    'This is what is waiting for you on the site today.',
    ...waiting.flatMap((c) => [
      '',
      `${c.site.siteTitle} (${c.site.displayName})`,
      '',
      ...section('Business submissions to review', c.submissions, `Review them at ${c.site.siteUrl}/admin/contractors`),
      '',
      ...section('Leads not yet delivered', c.leads, `Deliver them at ${c.site.siteUrl}/admin/leads`),
    ]),
  ].join('\n');
  return {
    subject: `${subjectPrefix}: ${plural(subs, 'submission', 'submissions')} to review, ${plural(lds, 'lead', 'leads')} to deliver`,
    text,
  };
}

/** Answers how many digests were queued; 'the last day' is the day before ctx.clock's now. */
export async function sendAdminDigest(ctx: AppContext): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - DAY_MS);
  const [submissions, undelivered, { defaultId, sites }, recipients] = await Promise.all([
    waitingSubmissions(ctx, since),
    waitingLeads(ctx, since),
    countySitesById(ctx),
    countyRecipients(ctx),
  ]);
  const countyOf = (id: number): CountyWaiting => ({
    site: sites.get(id)!,
    submissions: submissions.get(id) ?? none(),
    leads: undelivered.get(id) ?? none(),
  });

  // The platform: every county, a submission without a home town with the default county's.
  const everyCounty = [...sites.keys()].map((id) => {
    const c = countyOf(id);
    return id === defaultId ? { ...c, submissions: merge(c.submissions, submissions.get(null) ?? none()) } : c;
  });
  const digests = [
    { to: adminAddress(ctx), regionId: null as number | null, digest: digestOf(everyCounty, 'Daily summary') },
  ];
  // A county administrator: its counties; the email is its county's when it has one.
  for (const r of recipients) {
    const mine = r.regionIds.filter((id) => sites.has(id)).map(countyOf);
    const names = mine.map((c) => c.site.displayName.replace(/, [A-Z]{2}$/, '')).join(', ');
    digests.push({
      to: r.to,
      regionId: oneCountyOf(r.regionIds),
      digest: digestOf(mine, `Daily summary for ${names}`),
    });
  }
  const queued = digests.filter((d) => d.digest !== null);
  if (!queued.length) return 0;
  await inTransaction(ctx, async (tx) => {
    for (const d of queued)
      await queueEmail(tx, { kind: 'admin-digest', to: d.to, regionId: d.regionId, ...d.digest! });
  });
  return queued.length;
}
