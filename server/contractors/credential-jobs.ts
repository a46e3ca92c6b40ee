import { and, asc, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AdminScope } from '../domain/actors';
import { contractorInScope, oneCountyOf } from '../counties/admin-scope';
import { addDays, CREDENTIALS, daysBetween, formatDay, REMINDER_DAYS, type Credential } from '@shared/credentials';
import type { Region } from '@shared/region';
import type { CredentialAttention, CredentialAttentionList } from '@shared/schemas/credentials';
import { today as todayOn } from '../clock';
import { inTransaction, type AppContext, type DbCtx, type ServiceCtx } from '../context';
import {
  certificateUploadTokens,
  contractorAccounts,
  contractorCredentials,
  contractorServiceAreas,
  contractors,
  credentialEvents,
  credentialReminders,
  towns,
} from '../db/schema';
import { homeCountyId } from '../directory/county';
import { regionOf } from '../counties/region-of';
import { adminAddress, countyRecipients } from '../notifications/admin-notices';
import { overtaken } from './credentials';
import { queueEmail } from '../notifications/email-delivery';
import { countySitesById, type CountySiteWords } from '../counties/counties';
import { accountOfContractor, contractorEmail } from './contractor-email';

/**
 * The daily credentials job (docs/decisions/0033-credential-expiry.md), just after the site's day
 * turns: records the credentials that lapsed and drops the stored badge they held up (a row change
 * the directory's version trigger sees; the directory already stopped showing it by the date), then
 * reminds contractors 30 and 7 days before an expiry and gives the administrators the list of what
 * expires within 30 days, each reminder once. A contractor's reminder is its home county's: that
 * site's portal link and that county's words for the credentials; the platform's address gets the
 * whole list and each county administrator with an address the contractors serving its counties
 * (docs/decisions/0106-county-emails-and-jobs.md).
 */

const WINDOW_DAYS = 30;

const expires = contractorCredentials.expiresOn;
const ofKind = (credential: Credential) => eq(contractorCredentials.credential, credential);

/** The latest change to the credential's verification or facts was not already its lapse. */
const lapseNotRecorded = sql`coalesce((
  select ${credentialEvents.action} from ${credentialEvents}
  where ${credentialEvents.contractorId} = ${contractorCredentials.contractorId} and ${credentialEvents.credential} = ${contractorCredentials.credential} and ${credentialEvents.action} <> 'certificate'
  order by ${credentialEvents.createdAt} desc, ${credentialEvents.id} desc limit 1), '') <> 'lapsed'`;

export interface LapseResult {
  /** Credentials whose lapse was recorded now. */
  lapsed: number;
  /** Contractors whose stored badge was dropped. */
  badgesDropped: number;
}

/** Records lapsed credentials and drops the badges they held up; running it again the same day changes nothing. */
export async function lapseCredentials(ctx: ServiceCtx): Promise<LapseResult> {
  const today = todayOn(ctx.clock);
  return inTransaction(ctx, async (tx) => {
    let lapsed = 0;
    for (const credential of CREDENTIALS) {
      const rows = await tx.db
        .select({ id: contractorCredentials.contractorId, expiresOn: expires })
        .from(contractorCredentials)
        .where(
          and(
            ofKind(credential),
            eq(contractorCredentials.verified, true),
            isNotNull(expires),
            sql`${expires} <= ${today}::date`,
            lapseNotRecorded,
          ),
        );
      if (rows.length)
        await tx.db.insert(credentialEvents).values(
          rows.map((r) => ({
            contractorId: r.id,
            credential,
            action: 'lapsed' as const,
            detail: `Expired on ${formatDay(r.expiresOn!)}`,
            actor: 'system' as const,
          })),
        );
      lapsed += rows.length;
    }
    const dropped = await tx.db
      .update(contractors)
      .set({ verified: false, verifiedAt: null, verifiedBy: null, verifiedByAdminId: null })
      .where(overtaken(today))
      .returning({ id: contractors.id });
    // Upload rights of submissions last an hour; the ones used or not are gone by the next day.
    await tx.db.delete(certificateUploadTokens).where(lt(certificateUploadTokens.expiresAt, tx.clock.now()));
    return { lapsed, badgesDropped: dropped.length };
  });
}

interface Due {
  contractorId: number;
  name: string;
  to: string;
  credential: Credential;
  number: string | null;
  expiresOn: string;
  daysLeft: number;
  /** The county of its home town (the default county without one): its reminder's site and words. */
  homeRegionId: number;
  /** The counties of its service areas: whose administrators see it (as contractorInScope). */
  servedRegionIds: number[];
}

const servedRegionIds = sql<
  number[]
>`array(select distinct ${towns.regionId} from ${contractorServiceAreas} join ${towns} on ${towns.id} = ${contractorServiceAreas.townId} where ${contractorServiceAreas.contractorId} = ${contractors.id})`;

const approvedWithin = (from: string, to: string): SQL =>
  and(
    inArray(contractorCredentials.credential, CREDENTIALS),
    eq(contractors.approvalStatus, 'approved'),
    // An unclaimed listing's business never asked to hear from the site: only its invitation may write to it (docs/decisions/0132-claim-invitations.md).
    sql`(${contractors.importId} is null or ${contractors.claimedAt} is not null)`,
    isNotNull(expires),
    sql`${expires} >= ${from}::date`,
    sql`${expires} <= ${to}::date`,
  )!;

/** Soonest expiry first, then by contractor, then in the order CREDENTIALS lists the kinds. */
const soonestFirst = (
  a: { expiresOn: string | null; contractorId: number; credential: Credential },
  b: typeof a,
): number =>
  (a.expiresOn ?? '').localeCompare(b.expiresOn ?? '') ||
  a.contractorId - b.contractorId ||
  CREDENTIALS.indexOf(a.credential) - CREDENTIALS.indexOf(b.credential);

/** Approved contractors' credentials of every kind expiring from tomorrow to 30 days ahead, soonest first. */
async function dueWithin(ctx: DbCtx, today: string): Promise<Due[]> {
  const rows = await ctx.db
    .select({
      contractorId: contractors.id,
      name: contractors.name,
      email: contractorEmail,
      credential: contractorCredentials.credential,
      number: contractorCredentials.number,
      expiresOn: expires,
      homeRegionId: homeCountyId(),
      servedRegionIds,
    })
    .from(contractorCredentials)
    .innerJoin(contractors, eq(contractors.id, contractorCredentials.contractorId))
    .leftJoin(contractorAccounts, accountOfContractor)
    .where(approvedWithin(addDays(today, 1), addDays(today, WINDOW_DAYS)))
    .orderBy(asc(expires), asc(contractors.id));
  return rows.sort(soonestFirst).map((r) => ({
    contractorId: r.contractorId,
    name: r.name,
    to: r.email,
    credential: r.credential,
    number: r.number,
    expiresOn: r.expiresOn!,
    daysLeft: daysBetween(today, r.expiresOn!),
    homeRegionId: r.homeRegionId,
    servedRegionIds: r.servedRegionIds.map(Number),
  }));
}

/** Marks a reminder sent; false when it already was (this run or another process's). */
async function claimReminder(
  ctx: DbCtx,
  d: Due,
  audience: 'contractor' | 'admin',
  daysBefore: number,
): Promise<boolean> {
  const rows = await ctx.db
    .insert(credentialReminders)
    .values({ contractorId: d.contractorId, credential: d.credential, expiresOn: d.expiresOn, audience, daysBefore })
    .onConflictDoNothing()
    .returning({ id: credentialReminders.contractorId });
  return rows.length > 0;
}

/** The credential as its county's rule set names it. */
const credentialName = (credential: Credential, region: Region) =>
  credential === 'registration'
    ? region.credentials.registration.name
    : region.credentials.insurance.name.toLowerCase();
const inDays = (n: number) => (n === 1 ? 'tomorrow' : `in ${n} days`);

/** The reminder, on the contractor's home county's site and in its words. */
function contractorReminder(d: Due, site: CountySiteWords, region: Region) {
  const what = credentialName(d.credential, region);
  const numbered = d.number ? `${what} (${d.credential === 'registration' ? d.number : `policy ${d.number}`})` : what;
  const portal = `${site.siteUrl}/contractor?section=profile`;
  const renew =
    d.credential === 'registration'
      ? `Renew it with the issuing office (${region.credentials.registration.lookupUrl} shows your registration), then enter the new expiry date under Credentials in your contractor portal: ${portal}`
      : `Once the policy is renewed, upload the new certificate of insurance and enter its expiry date under Credentials in your contractor portal: ${portal}`;
  return {
    kind: 'credential-reminder' as const,
    subject: `Your ${what} expires on ${formatDay(d.expiresOn)}`,
    text: [
      `Hello ${d.name},`,
      '',
      `Your ${numbered} expires on ${formatDay(d.expiresOn)}, ${inDays(d.daysLeft)}.`,
      '',
      renew,
      '',
      `Your listing shows the 'Verified Licensed' badge only until the expiry date; once we have checked the renewal it shows it again.`,
    ].join('\n'),
  };
}

export interface ReminderResult {
  contractorReminders: number;
  /** New items in the administrator's list (0: no list was sent). */
  adminItems: number;
}

/** An administrator's list of these due items, sent when one of them is new; `sites`: the dashboards to link to. */
function expiryList(due: Due[], fresh: ReadonlySet<Due>, sites: CountySiteWords[], regionOfItem: (d: Due) => Region) {
  const newHere = due.filter((d) => fresh.has(d)).length;
  return {
    kind: 'credential-expiry-list' as const,
    subject: `Credentials expiring within ${WINDOW_DAYS} days: ${due.length}`,
    text: [
      `These credentials of listed contractors expire within ${WINDOW_DAYS} days (${newHere} new since the last list):`,
      '',
      ...due.map(
        (d) =>
          `- ${d.name}: ${credentialName(d.credential, regionOfItem(d))}${d.number ? ` ${d.number}` : ''} expires ${formatDay(d.expiresOn)} (${inDays(d.daysLeft)})${fresh.has(d) ? ' [new]' : ''}`,
      ),
      '',
      ...(sites.length === 1
        ? [`The contractors were reminded. Lapsed credentials are listed on the dashboard: ${sites[0]!.siteUrl}/admin`]
        : [
            'The contractors were reminded. Lapsed credentials are listed on the dashboards:',
            ...sites.map((s) => `${s.displayName}: ${s.siteUrl}/admin`),
          ]),
    ].join('\n'),
  };
}

/** Reminders due today, each once: contractors 30 and 7 days ahead, the administrators a list when something new entered the 30 days. */
export async function sendCredentialReminders(ctx: AppContext): Promise<ReminderResult> {
  const today = todayOn(ctx.clock);
  // Read before the transaction (on the embedded driver a read outside it, as regionOf's version, would wait for it);
  // each reminder is claimed in it, so a run twice, or two processes, send each once.
  const [{ defaultId, sites }, recipients, due] = await Promise.all([
    countySitesById(ctx),
    countyRecipients(ctx),
    dueWithin(ctx, today),
  ]);
  // Each home county's Region, for its words (the default county's needs no read).
  const regions = new Map<number, Region>();
  for (const id of new Set(due.map((d) => d.homeRegionId))) regions.set(id, await regionOf(ctx, sites.get(id)!.slug));
  const regionOfItem = (d: Due) => regions.get(d.homeRegionId)!;
  return inTransaction(ctx, async (tx) => {
    let contractorReminders = 0;
    for (const d of due) {
      // The nearest reminder not yet passed: a run missed on day 30 sends the 7-day one when its time comes, not both.
      const stage = [...REMINDER_DAYS].sort((a, b) => a - b).find((days) => d.daysLeft <= days)!;
      if (!(await claimReminder(tx, d, 'contractor', stage))) continue;
      await queueEmail(tx, { to: d.to, ...contractorReminder(d, sites.get(d.homeRegionId)!, regionOfItem(d)) });
      contractorReminders++;
    }
    const fresh = new Set<Due>();
    for (const d of due) if (await claimReminder(tx, d, 'admin', WINDOW_DAYS)) fresh.add(d);
    if (fresh.size === 0) return { contractorReminders, adminItems: 0 };
    await queueEmail(tx, { to: adminAddress(ctx), ...expiryList(due, fresh, [sites.get(defaultId)!], regionOfItem) });
    for (const r of recipients) {
      const theirs = due.filter((d) => d.servedRegionIds.some((id) => r.regionIds.includes(id)));
      if (!theirs.some((d) => fresh.has(d))) continue;
      const dashboards = r.regionIds.flatMap((id) => sites.get(id) ?? []);
      await queueEmail(tx, {
        to: r.to,
        regionId: oneCountyOf(r.regionIds),
        ...expiryList(theirs, fresh, dashboards, regionOfItem),
      });
    }
    return { contractorReminders, adminItems: fresh.size };
  });
}

/** The daily job: lapses first, so a credential expiring today is recorded before any reminder is considered. */
export async function runCredentialsDaily(ctx: AppContext): Promise<LapseResult & ReminderResult> {
  const lapse = await lapseCredentials(ctx);
  const reminders = await sendCredentialReminders(ctx);
  return { ...lapse, ...reminders };
}

/** The dashboard's list: approved contractors whose verified credential has expired, and what expires within 30 days. */
export async function credentialAttention(ctx: ServiceCtx, scope: AdminScope): Promise<CredentialAttentionList> {
  const today = todayOn(ctx.clock);
  const rows = await ctx.db
    .select({
      contractorId: contractors.id,
      name: contractors.name,
      credential: contractorCredentials.credential,
      expiresOn: expires,
      verified: contractorCredentials.verified,
    })
    .from(contractorCredentials)
    .innerJoin(contractors, eq(contractors.id, contractorCredentials.contractorId))
    .where(
      and(
        inArray(contractorCredentials.credential, CREDENTIALS),
        contractorInScope(scope, contractors.id),
        eq(contractors.approvalStatus, 'approved'),
        isNotNull(expires),
        sql`${expires} <= ${addDays(today, WINDOW_DAYS)}::date`,
      ),
    )
    .orderBy(asc(expires), asc(contractors.id));
  const lapsed: CredentialAttention[] = [];
  const expiringSoon: CredentialAttention[] = [];
  for (const r of rows.sort(soonestFirst)) {
    const { verified: _, ...row } = r;
    const item = { ...row, expiresOn: r.expiresOn!, daysLeft: daysBetween(today, r.expiresOn!) };
    if (item.daysLeft > 0) expiringSoon.push(item);
    else if (r.verified) lapsed.push(item);
  }
  return { lapsed, expiringSoon };
}
