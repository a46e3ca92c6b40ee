import { and, desc, eq, sql } from 'drizzle-orm';
import { badgeOn, formatCoverage, formatDay, isCurrent, type Credential } from '@shared/credentials';
import { region } from '@shared/region';
import type { ContractorCredentials, CredentialEvent, CredentialsUpdate, CredentialVerification } from '@shared/schemas/credentials';
import { today as todayOn } from '../clock';
import type { AppContext } from '../context';
import type { Db, Executor } from '../db/client';
import { contractors, credentialEvents, insuranceCertificates, type ContractorRow } from '../db/schema';
import { DomainError, invalid, notFound } from '../domain/errors';

/**
 * A contractor's credentials (docs/decisions/0032-credential-verification.md): the registration
 * (its number is the licence number) and the insurance, each verified by an administrator on its
 * own, with the history of every change. contractors.verified is the badge: both verified and
 * neither expired, written again by every change here and by the daily job (credential-jobs.ts);
 * the directory also reads the expiry dates, so the badge never outlives them.
 */

/** Who acts: an administrator (named in the history), the contractor in the portal, the business owner submitting, the daily job. */
export type CredentialActorRef = { kind: 'admin'; adminUserId: number; username: string } | { kind: 'contractor' } | { kind: 'applicant' } | { kind: 'system' };

const HISTORY_SHOWN = 100;

/** The columns of one credential. */
const COLUMNS = {
  registration: {
    verified: 'registrationVerified',
    verifiedAt: 'registrationVerifiedAt',
    verifiedBy: 'registrationVerifiedBy',
    verifiedByAdminId: 'registrationVerifiedByAdminId',
    how: 'registrationVerifiedHow',
    expiresOn: 'registrationExpiresOn',
  },
  insurance: {
    verified: 'insuranceVerified',
    verifiedAt: 'insuranceVerifiedAt',
    verifiedBy: 'insuranceVerifiedBy',
    verifiedByAdminId: 'insuranceVerifiedByAdminId',
    how: 'insuranceVerifiedHow',
    expiresOn: 'insuranceExpiresOn',
  },
} as const satisfies Record<Credential, Record<string, keyof ContractorRow>>;

/** The facts of each credential, in the order the history names them. */
const FACTS: Record<Credential, { field: keyof CredentialsUpdate & keyof ContractorRow; label: string; show: (v: unknown) => string }[]> = {
  registration: [
    { field: 'licenseNumber', label: 'Registration number', show: (v) => String(v) },
    { field: 'registrationExpiresOn', label: 'Expiry date', show: (v) => formatDay(String(v)) },
  ],
  insurance: [
    { field: 'insurer', label: 'Insurer', show: (v) => String(v) },
    { field: 'insurancePolicyNumber', label: 'Policy number', show: (v) => String(v) },
    { field: 'insuranceCoverageOccurrence', label: 'Coverage per occurrence', show: (v) => formatCoverage(Number(v)) },
    { field: 'insuranceCoverageAggregate', label: 'Aggregate coverage', show: (v) => formatCoverage(Number(v)) },
    { field: 'insuranceExpiresOn', label: 'Expiry date', show: (v) => formatDay(String(v)) },
  ],
};

const NAMES: Record<Credential, string> = { registration: 'registration', insurance: 'insurance' };

const unverifiedColumns = (credential: Credential) => {
  const c = COLUMNS[credential];
  return { [c.verified]: false, [c.verifiedAt]: null, [c.verifiedBy]: null, [c.verifiedByAdminId]: null, [c.how]: null } as Partial<ContractorRow>;
};

const actorColumns = (actor: CredentialActorRef) =>
  actor.kind === 'admin' ? { actor: 'admin' as const, adminUserId: actor.adminUserId, actorName: actor.username } : { actor: actor.kind, adminUserId: null, actorName: null };

async function record(tx: Executor, contractorId: number, credential: Credential, action: CredentialEvent['action'], detail: string, actor: CredentialActorRef) {
  await tx.insert(credentialEvents).values({ contractorId, credential, action, detail, ...actorColumns(actor) });
}

async function lockRow(tx: Executor, id: number): Promise<ContractorRow> {
  const [row] = await tx.select().from(contractors).where(eq(contractors.id, id)).for('update');
  if (!row) throw notFound('Contractor not found');
  return row;
}

function verificationOf(row: ContractorRow, credential: Credential, today: string): CredentialVerification {
  const c = COLUMNS[credential];
  const verified = row[c.verified];
  const expiresOn = row[c.expiresOn];
  return {
    verified,
    verifiedAt: row[c.verifiedAt]?.toISOString() ?? null,
    verifiedBy: row[c.verifiedBy],
    how: row[c.how],
    expiresOn,
    lapsed: verified && !isCurrent(verified, expiresOn, today),
  };
}

/** The badge of a row on `today`: both credentials verified and neither expired. */
const badgeOf = (row: ContractorRow, today: string) => isCurrent(row.registrationVerified, row.registrationExpiresOn, today) && isCurrent(row.insuranceVerified, row.insuranceExpiresOn, today);

/**
 * Writes the badge the credentials now earn. Earning it records who and when (the record the admin
 * list shows); losing it clears them. Nothing is written when it does not change.
 */
async function settleBadge(tx: Executor, id: number, today: string, actor: CredentialActorRef): Promise<void> {
  const row = await lockRow(tx, id);
  const badge = badgeOf(row, today);
  if (badge === row.verified) return;
  const who = actor.kind === 'admin' ? { verifiedByAdminId: actor.adminUserId, verifiedBy: actor.username } : { verifiedByAdminId: null, verifiedBy: null };
  await tx
    .update(contractors)
    .set(badge ? { verified: true, verifiedAt: new Date(), ...who } : { verified: false, verifiedAt: null, verifiedByAdminId: null, verifiedBy: null })
    .where(eq(contractors.id, id));
}

/** A unique violation of the registration number (two requests for one number at once). */
function isDuplicateNumber(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const coded = e as { code?: string; constraint?: string; message?: string };
    if (coded.code === '23505' && (coded.constraint === 'contractors_license_number_key' || coded.message?.includes('contractors_license_number_key'))) return true;
  }
  return false;
}

export const duplicateNumberMessage = (number: string) =>
  `Registration number ${number} is already in the directory: each registration can list one business. If it is yours, sign in to the contractor portal.`;

/** Refuses a registration number another contractor has; the unique index settles a race the same way (duplicateNumber). */
export async function checkNumberFree(tx: Executor, number: string | null, exceptId?: number): Promise<void> {
  if (!number) return;
  const [other] = await tx.select({ id: contractors.id }).from(contractors).where(eq(contractors.licenseNumber, number)).limit(1);
  if (other && other.id !== exceptId) throw duplicateNumber(number);
}

/** 409: the number itself is fine, another listing has it. */
const duplicateNumber = (number: string) => new DomainError('conflict', duplicateNumberMessage(number), { fields: { licenseNumber: duplicateNumberMessage(number) } });

/** Runs `work`, answering a registration number taken meanwhile as the same refusal as checkNumberFree's. */
export async function withUniqueNumber<T>(number: string | null | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (number && isDuplicateNumber(err)) throw duplicateNumber(number);
    throw err;
  }
}

/** The credentials as the administrator (with history) or the contractor (without) sees them. */
export async function getCredentials(ctx: AppContext, contractorId: number, view: 'admin' | 'contractor'): Promise<ContractorCredentials> {
  const today = todayOn(ctx.clock);
  const [row] = await ctx.db.select().from(contractors).where(eq(contractors.id, contractorId));
  if (!row) throw notFound('Contractor not found');
  const [certificate] = await ctx.db
    .select({
      contentType: insuranceCertificates.contentType,
      byteSize: insuranceCertificates.byteSize,
      fileName: insuranceCertificates.fileName,
      uploadedBy: insuranceCertificates.uploadedBy,
      createdAt: insuranceCertificates.createdAt,
    })
    .from(insuranceCertificates)
    .where(eq(insuranceCertificates.contractorId, contractorId));
  const history = view === 'admin' ? await historyOf(ctx.db, contractorId) : [];
  return {
    contractorId: row.id,
    name: row.name,
    licenseNumber: row.licenseNumber,
    registrationExpiresOn: row.registrationExpiresOn,
    insurer: row.insurer,
    insurancePolicyNumber: row.insurancePolicyNumber,
    insuranceCoverageOccurrence: row.insuranceCoverageOccurrence,
    insuranceCoverageAggregate: row.insuranceCoverageAggregate,
    insuranceExpiresOn: row.insuranceExpiresOn,
    insuranceInfo: row.insuranceInfo,
    registration: verificationOf(row, 'registration', today),
    insurance: verificationOf(row, 'insurance', today),
    badge: badgeOn(row.verified, row.registrationExpiresOn, row.insuranceExpiresOn, today),
    certificate: certificate
      ? { contentType: certificate.contentType, byteSize: certificate.byteSize, fileName: certificate.fileName, uploadedBy: certificate.uploadedBy, uploadedAt: certificate.createdAt.toISOString() }
      : null,
    history,
  };
}

async function historyOf(db: Db, contractorId: number): Promise<CredentialEvent[]> {
  const rows = await db
    .select()
    .from(credentialEvents)
    .where(eq(credentialEvents.contractorId, contractorId))
    .orderBy(desc(credentialEvents.createdAt), desc(credentialEvents.id))
    .limit(HISTORY_SHOWN);
  return rows.map((e) => ({ id: e.id, credential: e.credential, action: e.action, detail: e.detail, actor: e.actor, actorName: e.actorName, at: e.createdAt.toISOString() }));
}

/** 'Expiry date: March 31, 2026 -> March 31, 2028' for each fact of the credential that changes. */
function changesOf(row: ContractorRow, input: CredentialsUpdate, credential: Credential): string[] {
  return FACTS[credential].flatMap(({ field, label, show }) => {
    const next = input[field];
    const before = row[field];
    if (next === undefined || next === before) return [];
    return [`${label}: ${before === null ? 'none' : show(before)} -> ${next === null ? 'none' : show(next)}`];
  });
}

/**
 * Changes credential facts. An administrator's change keeps the verification (they are the one who
 * checks; a date in the past makes the credential lapse at once). The contractor's change to a
 * verified credential withdraws its verification until an administrator checks it again.
 */
export async function updateCredentials(ctx: AppContext, contractorId: number, input: CredentialsUpdate, actor: CredentialActorRef): Promise<void> {
  await withUniqueNumber(input.licenseNumber, () => ctx.db.transaction((tx) => updateCredentialsIn(ctx, tx, contractorId, input, actor)));
}

/** updateCredentials inside the caller's transaction (the approve step sets expiry dates with its verification). */
export async function updateCredentialsIn(ctx: AppContext, tx: Executor, contractorId: number, input: CredentialsUpdate, actor: CredentialActorRef): Promise<void> {
  const row = await lockRow(tx, contractorId);
  if (input.licenseNumber !== undefined && input.licenseNumber !== row.licenseNumber) await checkNumberFree(tx, input.licenseNumber, contractorId);
  const set: Partial<ContractorRow> = {};
  for (const credential of ['registration', 'insurance'] as const) {
    const changes = changesOf(row, input, credential);
    if (!changes.length) continue;
    for (const { field } of FACTS[credential]) if (input[field] !== undefined) Object.assign(set, { [field]: input[field] });
    await record(tx, contractorId, credential, 'updated', changes.join('; '), actor);
    if (actor.kind !== 'admin' && row[COLUMNS[credential].verified]) {
      Object.assign(set, unverifiedColumns(credential));
      await record(tx, contractorId, credential, 'unverified', `Changed by the ${actor.kind}: to be checked again`, actor);
    }
  }
  if (input.licenseNumber !== undefined && input.licenseNumber !== row.licenseNumber) {
    // The submission's 'Licensed: {number}' certification follows the number (spec: the submission payload).
    set.certifications = [...row.certifications.filter((c) => !c.startsWith('Licensed: ')), ...(input.licenseNumber ? [`Licensed: ${input.licenseNumber}`] : [])];
  }
  if (!Object.keys(set).length) return;
  await tx.update(contractors).set(set).where(eq(contractors.id, contractorId));
  await settleBadge(tx, contractorId, todayOn(ctx.clock), actor);
}

/** What a credential needs before it can be verified, in the words the administrator reads. */
function checkVerifiable(row: ContractorRow, credential: Credential, today: string): void {
  const rules = region.credentials.registration;
  if (credential === 'registration') {
    if (!row.licenseNumber) throw invalid('Enter the registration number before verifying the registration', { licenseNumber: 'Enter the registration number' });
    if (!rules.pattern.test(row.licenseNumber)) throw invalid(rules.formatMessage, { licenseNumber: rules.formatMessage });
  }
  const expiresOn = row[COLUMNS[credential].expiresOn];
  const field = COLUMNS[credential].expiresOn;
  if (!expiresOn) throw invalid(`Enter the ${NAMES[credential]}'s expiry date before verifying it`, { [field]: 'Enter the expiry date' });
  if (expiresOn <= today) throw invalid(`This ${NAMES[credential]} expired on ${formatDay(expiresOn)}: enter the renewed expiry date before verifying it`, { [field]: 'This date has passed' });
}

async function verifyIn(tx: Executor, row: ContractorRow, credential: Credential, how: string, actor: CredentialActorRef & { kind: 'admin' }, today: string) {
  checkVerifiable(row, credential, today);
  const c = COLUMNS[credential];
  await tx
    .update(contractors)
    .set({ [c.verified]: true, [c.verifiedAt]: new Date(), [c.verifiedBy]: actor.username, [c.verifiedByAdminId]: actor.adminUserId, [c.how]: how } as Partial<ContractorRow>)
    .where(eq(contractors.id, row.id));
  const expiresOn = row[c.expiresOn]!;
  await record(tx, row.id, credential, 'verified', `${how} (valid until ${formatDay(expiresOn)})`, actor);
}

async function unverifyIn(tx: Executor, row: ContractorRow, credential: Credential, reason: string, actor: CredentialActorRef) {
  if (!row[COLUMNS[credential].verified]) return;
  await tx.update(contractors).set(unverifiedColumns(credential)).where(eq(contractors.id, row.id));
  await record(tx, row.id, credential, 'unverified', reason, actor);
}

/** The administrator checked one credential (how: e.g. on the Attorney General's lookup): a new record each time, kept in the history. */
export async function verifyCredential(ctx: AppContext, id: number, credential: Credential, how: string, actor: CredentialActorRef & { kind: 'admin' }): Promise<void> {
  const today = todayOn(ctx.clock);
  await ctx.db.transaction(async (tx) => {
    await verifyIn(tx, await lockRow(tx, id), credential, how, actor, today);
    await settleBadge(tx, id, today, actor);
  });
}

export async function unverifyCredential(ctx: AppContext, id: number, credential: Credential, reason: string | undefined, actor: CredentialActorRef & { kind: 'admin' }): Promise<void> {
  const today = todayOn(ctx.clock);
  await ctx.db.transaction(async (tx) => {
    await unverifyIn(tx, await lockRow(tx, id), credential, reason || 'Verification withdrawn', actor);
    await settleBadge(tx, id, today, actor);
  });
}

/**
 * Both credentials at once: the contractor list's Verify / Unverify and the approve step's 'License
 * and insurance verified' box. Verifying checks each credential not already verified and current,
 * in the region's usual way, so verifying again keeps the first record; withdrawing clears both.
 */
export async function setBothVerified(ctx: AppContext, tx: Executor, id: number, verified: boolean, actor: CredentialActorRef & { kind: 'admin' }): Promise<void> {
  const today = todayOn(ctx.clock);
  for (const credential of ['registration', 'insurance'] as const) {
    const row = await lockRow(tx, id);
    const c = COLUMNS[credential];
    if (!verified) await unverifyIn(tx, row, credential, 'Verification withdrawn', actor);
    else if (!isCurrent(row[c.verified], row[c.expiresOn], today)) await verifyIn(tx, row, credential, region.credentials[credential].checkedHow, actor, today);
  }
  await settleBadge(tx, id, today, actor);
}

/** The credential facts a submission brings, in its history. */
export async function recordSubmitted(
  tx: Executor,
  contractorId: number,
  row: Pick<ContractorRow, 'licenseNumber' | 'registrationExpiresOn' | 'insurer' | 'insurancePolicyNumber' | 'insuranceCoverageOccurrence' | 'insuranceCoverageAggregate' | 'insuranceExpiresOn'>,
) {
  for (const credential of ['registration', 'insurance'] as const) {
    const given = FACTS[credential].flatMap(({ field, label, show }) => (row[field] === null || row[field] === undefined ? [] : [`${label}: ${show(row[field])}`]));
    if (given.length) await record(tx, contractorId, credential, 'submitted', given.join('; '), { kind: 'applicant' });
  }
}

/** The contractor's current verification of one credential: for the certificate upload, which withdraws the insurance's. */
export async function withdrawForNewFacts(tx: Executor, contractorId: number, credential: Credential, why: string, actor: CredentialActorRef, today: string): Promise<void> {
  const row = await lockRow(tx, contractorId);
  await unverifyIn(tx, row, credential, why, actor);
  await settleBadge(tx, contractorId, today, actor);
}

export { record as recordCredentialEvent };

/** The badge as it stands, for answers that carry it (the admin list). */
export const badgeToday = (ctx: AppContext, row: Pick<ContractorRow, 'verified' | 'registrationExpiresOn' | 'insuranceExpiresOn'>) =>
  badgeOn(row.verified, row.registrationExpiresOn, row.insuranceExpiresOn, todayOn(ctx.clock));

/** A verified credential of the row has reached its expiry date. */
export function lapsedToday(ctx: AppContext, row: ContractorRow): boolean {
  const today = todayOn(ctx.clock);
  return (['registration', 'insurance'] as const).some((credential) => verificationOf(row, credential, today).lapsed);
}

/** Rows whose stored badge an expiry date has overtaken: what the daily job settles. */
export const overtaken = (today: string) => and(eq(contractors.verified, true), sql`(${contractors.registrationExpiresOn} <= ${today}::date or ${contractors.insuranceExpiresOn} <= ${today}::date)`);
