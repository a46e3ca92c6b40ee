import { and, desc, eq, sql } from 'drizzle-orm';
import { badgeOn, CREDENTIALS, formatCoverage, formatDay, isCurrent, type Credential } from '@shared/credentials';
import { region } from '@shared/region';
import type {
  ContractorCredentials,
  CredentialEvent,
  CredentialsUpdate,
  CredentialVerification,
} from '@shared/schemas/credentials';
import { today as todayOn } from '../clock';
import { inTransaction, type AppContext, type DbCtx, type ServiceCtx } from '../context';
import { NO_CREDENTIAL, type Credentials, type StoredCredential } from '../db/credential-joins';
import {
  contractorCredentials,
  contractors,
  credentialEvents,
  insuranceCertificates,
  type ContractorRow,
} from '../db/schema';
import { DomainError, invalid, notFound } from '../domain/errors';

/**
 * A contractor's credentials (docs/decisions/0032-credential-verification.md): the registration (its number is
 * the licence number) and the insurance, each a contractor_credentials row verified by an
 * administrator on its own, with the history of every change. contractors.verified is the badge:
 * both verified and neither expired, written again by every change here and by the daily job
 * (credential-jobs.ts); the directory also reads the expiry dates, so the badge never outlives them.
 */

/** Who acts: an administrator (named in the history), the contractor in the portal, the business owner submitting, the daily job. */
export type CredentialActorRef =
  | { kind: 'admin'; adminUserId: number; username: string }
  | { kind: 'contractor' }
  | { kind: 'applicant' }
  | { kind: 'system' };

const HISTORY_SHOWN = 100;

/** What a credential states, beside its verification. */
type Facts = Pick<StoredCredential, 'number' | 'insurer' | 'coverageOccurrence' | 'coverageAggregate' | 'expiresOn'>;
type Fact = keyof Facts;

/**
 * The facts a form sends, credential by credential. The forms name them flat, as the business
 * owner reads them (shared/schemas/credentials.ts); undefined is not sent, null is cleared.
 */
function factsOf(input: CredentialsUpdate): Record<Credential, Partial<Facts>> {
  return {
    registration: { number: input.licenseNumber, expiresOn: input.registrationExpiresOn },
    insurance: {
      insurer: input.insurer,
      number: input.insurancePolicyNumber,
      coverageOccurrence: input.insuranceCoverageOccurrence,
      coverageAggregate: input.insuranceCoverageAggregate,
      expiresOn: input.insuranceExpiresOn,
    },
  };
}

/** Each credential's facts in the order the history names them. */
const LABELS: Record<Credential, { fact: Fact; label: string }[]> = {
  registration: [
    { fact: 'number', label: 'Registration number' },
    { fact: 'expiresOn', label: 'Expiry date' },
  ],
  insurance: [
    { fact: 'insurer', label: 'Insurer' },
    { fact: 'number', label: 'Policy number' },
    { fact: 'coverageOccurrence', label: 'Coverage per occurrence' },
    { fact: 'coverageAggregate', label: 'Aggregate coverage' },
    { fact: 'expiresOn', label: 'Expiry date' },
  ],
};

/** A fact in the history's words: dates and amounts as people read them. */
const show = (fact: Fact, v: string | number): string =>
  fact === 'expiresOn'
    ? formatDay(String(v))
    : fact === 'coverageOccurrence' || fact === 'coverageAggregate'
      ? formatCoverage(Number(v))
      : String(v);

/** The form field each credential's expiry date is entered in, for the refusals that point at it. */
const EXPIRY_FIELD: Record<Credential, keyof CredentialsUpdate> = {
  registration: 'registrationExpiresOn',
  insurance: 'insuranceExpiresOn',
};

const UNVERIFIED = {
  verified: false,
  verifiedAt: null,
  verifiedBy: null,
  verifiedByAdminId: null,
  verifiedHow: null,
} satisfies Partial<StoredCredential>;

const actorColumns = (actor: CredentialActorRef) =>
  actor.kind === 'admin'
    ? { actor: 'admin' as const, adminUserId: actor.adminUserId, actorName: actor.username }
    : { actor: actor.kind, adminUserId: null, actorName: null };

async function record(
  ctx: DbCtx,
  contractorId: number,
  credential: Credential,
  action: CredentialEvent['action'],
  detail: string,
  actor: CredentialActorRef,
) {
  await ctx.db.insert(credentialEvents).values({ contractorId, credential, action, detail, ...actorColumns(actor) });
}

/** The contractor's credentials; one without a row is nothing given and not verified. */
export async function credentialsOf(ctx: DbCtx, contractorId: number): Promise<Credentials> {
  const rows = await ctx.db
    .select()
    .from(contractorCredentials)
    .where(eq(contractorCredentials.contractorId, contractorId));
  const of = (credential: Credential) => rows.find((r) => r.credential === credential) ?? NO_CREDENTIAL;
  return { registration: of('registration'), insurance: of('insurance') };
}

/** The listing, locked for the rest of the transaction so a contractor's credential changes queue up, and its credentials as they now stand. */
async function lockRecord(ctx: DbCtx, id: number): Promise<{ listing: ContractorRow; credentials: Credentials }> {
  const [listing] = await ctx.db.select().from(contractors).where(eq(contractors.id, id)).for('update');
  if (!listing) throw notFound('Contractor not found');
  return { listing, credentials: await credentialsOf(ctx, id) };
}

/** Writes facts or the verification of one credential, making its row the first time. */
async function writeCredential(
  ctx: ServiceCtx,
  contractorId: number,
  credential: Credential,
  set: Partial<StoredCredential>,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(contractorCredentials)
    .values({ contractorId, credential, ...set })
    .onConflictDoUpdate({
      target: [contractorCredentials.contractorId, contractorCredentials.credential],
      set: { ...set, updatedAt: now },
    });
  // The profile shows the credentials, so the listing's updated_at (the sitemap's lastmod) moves with them.
  await ctx.db.update(contractors).set({ updatedAt: now }).where(eq(contractors.id, contractorId));
}

function verificationOf(c: StoredCredential, today: string): CredentialVerification {
  return {
    verified: c.verified,
    verifiedAt: c.verifiedAt?.toISOString() ?? null,
    verifiedBy: c.verifiedBy,
    how: c.verifiedHow,
    expiresOn: c.expiresOn,
    lapsed: c.verified && !isCurrent(c.verified, c.expiresOn, today),
  };
}

/** The badge the credentials earn on `today`: both verified and neither expired. */
const badgeOf = ({ registration, insurance }: Credentials, today: string) =>
  isCurrent(registration.verified, registration.expiresOn, today) &&
  isCurrent(insurance.verified, insurance.expiresOn, today);

/**
 * Writes the badge the credentials now earn. Earning it records who and when (the record the admin
 * list shows); losing it clears them. Nothing is written when it does not change.
 */
async function settleBadge(ctx: ServiceCtx, id: number, today: string, actor: CredentialActorRef): Promise<void> {
  const { listing, credentials } = await lockRecord(ctx, id);
  const badge = badgeOf(credentials, today);
  if (badge === listing.verified) return;
  const who =
    actor.kind === 'admin'
      ? { verifiedByAdminId: actor.adminUserId, verifiedBy: actor.username }
      : { verifiedByAdminId: null, verifiedBy: null };
  await ctx.db
    .update(contractors)
    .set(
      badge
        ? { verified: true, verifiedAt: ctx.clock.now(), ...who }
        : { verified: false, verifiedAt: null, verifiedByAdminId: null, verifiedBy: null },
    )
    .where(eq(contractors.id, id));
}

/** The unique index that keeps one listing per registration number (server/db/schema/contractor-credentials.ts). */
const NUMBER_KEY = 'contractor_credentials_registration_number_key';

/** A unique violation of the registration number (two requests for one number at once). */
function isDuplicateNumber(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const coded = e as { code?: string; constraint?: string; message?: string };
    if (coded.code === '23505' && (coded.constraint === NUMBER_KEY || coded.message?.includes(NUMBER_KEY))) return true;
  }
  return false;
}

export const duplicateNumberMessage = (number: string) =>
  `Registration number ${number} is already in the directory: each registration can list one business. If it is yours, sign in to the contractor portal.`;

/** Refuses a registration number another contractor has; the unique index settles a race the same way (duplicateNumber). */
export async function checkNumberFree(ctx: DbCtx, number: string | null, exceptId?: number): Promise<void> {
  if (!number) return;
  const [other] = await ctx.db
    .select({ id: contractorCredentials.contractorId })
    .from(contractorCredentials)
    .where(and(eq(contractorCredentials.credential, 'registration'), eq(contractorCredentials.number, number)))
    .limit(1);
  if (other && other.id !== exceptId) throw duplicateNumber(number);
}

/** 409: the number itself is fine, another listing has it. */
const duplicateNumber = (number: string) =>
  new DomainError('conflict', duplicateNumberMessage(number), {
    fields: { licenseNumber: duplicateNumberMessage(number) },
  });

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
export async function getCredentials(
  ctx: ServiceCtx,
  contractorId: number,
  view: 'admin' | 'contractor',
): Promise<ContractorCredentials> {
  const today = todayOn(ctx.clock);
  const [listing] = await ctx.db
    .select({ name: contractors.name, insuranceInfo: contractors.insuranceInfo, verified: contractors.verified })
    .from(contractors)
    .where(eq(contractors.id, contractorId));
  if (!listing) throw notFound('Contractor not found');
  const { registration, insurance } = await credentialsOf(ctx, contractorId);
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
  const history = view === 'admin' ? await historyOf(ctx, contractorId) : [];
  return {
    contractorId,
    name: listing.name,
    licenseNumber: registration.number,
    registrationExpiresOn: registration.expiresOn,
    insurer: insurance.insurer,
    insurancePolicyNumber: insurance.number,
    insuranceCoverageOccurrence: insurance.coverageOccurrence,
    insuranceCoverageAggregate: insurance.coverageAggregate,
    insuranceExpiresOn: insurance.expiresOn,
    insuranceInfo: listing.insuranceInfo,
    registration: verificationOf(registration, today),
    insurance: verificationOf(insurance, today),
    badge: badgeOn(listing.verified, registration.expiresOn, insurance.expiresOn, today),
    certificate: certificate
      ? {
          contentType: certificate.contentType,
          byteSize: certificate.byteSize,
          fileName: certificate.fileName,
          uploadedBy: certificate.uploadedBy,
          uploadedAt: certificate.createdAt.toISOString(),
        }
      : null,
    history,
  };
}

async function historyOf(ctx: DbCtx, contractorId: number): Promise<CredentialEvent[]> {
  const rows = await ctx.db
    .select()
    .from(credentialEvents)
    .where(eq(credentialEvents.contractorId, contractorId))
    .orderBy(desc(credentialEvents.createdAt), desc(credentialEvents.id))
    .limit(HISTORY_SHOWN);
  return rows.map((e) => ({
    id: e.id,
    credential: e.credential,
    action: e.action,
    detail: e.detail,
    actor: e.actor,
    actorName: e.actorName,
    at: e.createdAt.toISOString(),
  }));
}

/** 'Expiry date: March 31, 2026 -> March 31, 2028' for each fact of the credential that changes. */
function changesOf(current: StoredCredential, given: Partial<Facts>, credential: Credential): string[] {
  return LABELS[credential].flatMap(({ fact, label }) => {
    const next = given[fact];
    const before = current[fact];
    if (next === undefined || next === before) return [];
    return [
      `${label}: ${before === null ? 'none' : show(fact, before)} -> ${next === null ? 'none' : show(fact, next)}`,
    ];
  });
}

/**
 * Changes credential facts. An administrator's change keeps the verification (they are the one who
 * checks; a date in the past makes the credential lapse at once). The contractor's change to a
 * verified credential withdraws its verification until an administrator checks it again.
 */
export async function updateCredentials(
  ctx: ServiceCtx,
  contractorId: number,
  input: CredentialsUpdate,
  actor: CredentialActorRef,
): Promise<void> {
  await withUniqueNumber(input.licenseNumber, () =>
    inTransaction(ctx, (tx) => updateCredentialsIn(tx, contractorId, input, actor)),
  );
}

/** updateCredentials inside the caller's transaction, ctx.db (the approve step sets expiry dates with its verification). */
export async function updateCredentialsIn(
  ctx: ServiceCtx,
  contractorId: number,
  input: CredentialsUpdate,
  actor: CredentialActorRef,
): Promise<void> {
  const { listing, credentials } = await lockRecord(ctx, contractorId);
  const given = factsOf(input);
  const number = given.registration.number;
  const newNumber = number !== undefined && number !== credentials.registration.number;
  if (newNumber) await checkNumberFree(ctx, number, contractorId);
  let changed = false;
  for (const credential of CREDENTIALS) {
    const changes = changesOf(credentials[credential], given[credential], credential);
    if (!changes.length) continue;
    await record(ctx, contractorId, credential, 'updated', changes.join('; '), actor);
    const withdrawn = actor.kind !== 'admin' && credentials[credential].verified;
    if (withdrawn)
      await record(
        ctx,
        contractorId,
        credential,
        'unverified',
        `Changed by the ${actor.kind}: to be checked again`,
        actor,
      );
    await writeCredential(ctx, contractorId, credential, { ...given[credential], ...(withdrawn ? UNVERIFIED : {}) });
    changed = true;
  }
  if (newNumber) {
    // The submission's 'Licensed: {number}' certification follows the number (spec: the submission payload).
    const certifications = [
      ...listing.certifications.filter((c) => !c.startsWith('Licensed: ')),
      ...(number ? [`Licensed: ${number}`] : []),
    ];
    await ctx.db.update(contractors).set({ certifications }).where(eq(contractors.id, contractorId));
  }
  if (changed) await settleBadge(ctx, contractorId, todayOn(ctx.clock), actor);
}

/** What a credential needs before it can be verified, in the words the administrator reads; answers its expiry date. */
function checkVerifiable(c: StoredCredential, credential: Credential, today: string): string {
  const rules = region.credentials.registration;
  if (credential === 'registration') {
    if (!c.number)
      throw invalid('Enter the registration number before verifying the registration', {
        licenseNumber: 'Enter the registration number',
      });
    if (!rules.pattern.test(c.number)) throw invalid(rules.formatMessage, { licenseNumber: rules.formatMessage });
  }
  const field = EXPIRY_FIELD[credential];
  if (!c.expiresOn)
    throw invalid(`Enter the ${credential}'s expiry date before verifying it`, { [field]: 'Enter the expiry date' });
  if (c.expiresOn <= today)
    throw invalid(
      `This ${credential} expired on ${formatDay(c.expiresOn)}: enter the renewed expiry date before verifying it`,
      { [field]: 'This date has passed' },
    );
  return c.expiresOn;
}

async function verifyIn(
  ctx: ServiceCtx,
  id: number,
  c: StoredCredential,
  credential: Credential,
  how: string,
  actor: CredentialActorRef & { kind: 'admin' },
  today: string,
) {
  const expiresOn = checkVerifiable(c, credential, today);
  await writeCredential(ctx, id, credential, {
    verified: true,
    verifiedAt: ctx.clock.now(),
    verifiedBy: actor.username,
    verifiedByAdminId: actor.adminUserId,
    verifiedHow: how,
  });
  await record(ctx, id, credential, 'verified', `${how} (valid until ${formatDay(expiresOn)})`, actor);
}

async function unverifyIn(
  ctx: ServiceCtx,
  id: number,
  c: StoredCredential,
  credential: Credential,
  reason: string,
  actor: CredentialActorRef,
) {
  if (!c.verified) return;
  await writeCredential(ctx, id, credential, UNVERIFIED);
  await record(ctx, id, credential, 'unverified', reason, actor);
}

/** The administrator checked one credential (how: e.g. on the Attorney General's lookup): a new record each time, kept in the history. */
export async function verifyCredential(
  ctx: ServiceCtx,
  id: number,
  credential: Credential,
  how: string,
  actor: CredentialActorRef & { kind: 'admin' },
): Promise<void> {
  const today = todayOn(ctx.clock);
  await inTransaction(ctx, async (tx) => {
    const { credentials } = await lockRecord(tx, id);
    await verifyIn(tx, id, credentials[credential], credential, how, actor, today);
    await settleBadge(tx, id, today, actor);
  });
}

export async function unverifyCredential(
  ctx: ServiceCtx,
  id: number,
  credential: Credential,
  reason: string | undefined,
  actor: CredentialActorRef & { kind: 'admin' },
): Promise<void> {
  const today = todayOn(ctx.clock);
  await inTransaction(ctx, async (tx) => {
    const { credentials } = await lockRecord(tx, id);
    await unverifyIn(tx, id, credentials[credential], credential, reason || 'Verification withdrawn', actor);
    await settleBadge(tx, id, today, actor);
  });
}

/**
 * Both credentials at once: the contractor list's Verify / Unverify and the approve step's 'License
 * and insurance verified' box. Verifying checks each credential not already verified and current,
 * in the region's usual way, so verifying again keeps the first record; withdrawing clears both.
 */
export async function setBothVerified(
  ctx: ServiceCtx,
  id: number,
  verified: boolean,
  actor: CredentialActorRef & { kind: 'admin' },
): Promise<void> {
  const today = todayOn(ctx.clock);
  const { credentials } = await lockRecord(ctx, id);
  for (const credential of CREDENTIALS) {
    const c = credentials[credential];
    if (!verified) await unverifyIn(ctx, id, c, credential, 'Verification withdrawn', actor);
    else if (!isCurrent(c.verified, c.expiresOn, today))
      await verifyIn(ctx, id, c, credential, region.credentials[credential].checkedHow, actor, today);
  }
  await settleBadge(ctx, id, today, actor);
}

/** The credentials a submission brings: a row for each one with something given, and its history. */
export async function addSubmittedCredentials(
  ctx: DbCtx,
  contractorId: number,
  input: CredentialsUpdate,
): Promise<void> {
  const given = factsOf(input);
  for (const credential of CREDENTIALS) {
    const stated = LABELS[credential].flatMap(({ fact, label }) => {
      const v = given[credential][fact];
      return v === null || v === undefined ? [] : [`${label}: ${show(fact, v)}`];
    });
    if (!stated.length) continue;
    await ctx.db.insert(contractorCredentials).values({ contractorId, credential, ...given[credential] });
    await record(ctx, contractorId, credential, 'submitted', stated.join('; '), { kind: 'applicant' });
  }
}

/** The contractor's current verification of one credential: for the certificate upload, which withdraws the insurance's (in its transaction, ctx.db). */
export async function withdrawForNewFacts(
  ctx: ServiceCtx,
  contractorId: number,
  credential: Credential,
  why: string,
  actor: CredentialActorRef,
): Promise<void> {
  const today = todayOn(ctx.clock);
  const { credentials } = await lockRecord(ctx, contractorId);
  await unverifyIn(ctx, contractorId, credentials[credential], credential, why, actor);
  await settleBadge(ctx, contractorId, today, actor);
}

export { record as recordCredentialEvent };

/** The badge as it stands, for answers that carry it (the admin list): the stored one, unless an expiry date has come. */
export const badgeToday = (
  ctx: Pick<AppContext, 'clock'>,
  verified: boolean,
  { registration, insurance }: Credentials,
) => badgeOn(verified, registration.expiresOn, insurance.expiresOn, todayOn(ctx.clock));

/** A verified credential has reached its expiry date. */
export function lapsedToday(ctx: Pick<AppContext, 'clock'>, credentials: Credentials): boolean {
  const today = todayOn(ctx.clock);
  return CREDENTIALS.some((credential) => verificationOf(credentials[credential], today).lapsed);
}

/** Listings whose stored badge an expiry date has overtaken: what the daily job settles. */
export const overtaken = (today: string) =>
  sql`${contractors.verified} and exists (select 1 from ${contractorCredentials} where ${contractorCredentials.contractorId} = ${contractors.id} and ${contractorCredentials.expiresOn} <= ${today}::date)`;
