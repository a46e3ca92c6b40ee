import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from '@shared/plans';
import { contractorBilling, contractorCredentials, contractors, directoryState } from '../../server/db/schema';
import { freshDatabase, migrationsBefore, type MigrationSubject } from '../support/migration-db';

/**
 * Migration 0014 splits the contractor record (docs/decisions/0091-contractor-record.md). A
 * database is built at the migration before it, filled with contractors holding every kind of
 * row the old columns could hold, and migrated the rest of the way; every old value must be found
 * again in the new tables. On the embedded database, and on the PostgreSQL server when
 * TEST_DATABASE_URL names one.
 */

const SPLIT = '0014_contractor_record';

type Value = string | number | boolean | null;
type OldRow = Record<string, Value>;

const at = (iso: string) => new Date(iso).toISOString();
/** `base` moved on by n days and some minutes, so no two rows share a time. */
const later = (base: string, n: number) => new Date(Date.parse(base) + n * 86_400_000 + n * 60_000).toISOString();

/** The listing columns every case shares, before the case says otherwise. */
const listing = (n: number): OldRow => ({
  name: `Migration Builders ${n}`,
  email: `office${n}@migration.example`,
  phone: '(570) 555-0100',
  city: 'Laporte',
  description: `Contractor ${n}`,
  approval_status: 'approved',
  is_visible: true,
  created_at: later('2025-01-01T10:00:00Z', n),
  updated_at: later('2025-06-01T11:30:00Z', n),
});

/** The registration as the old columns held it, verified or not. */
const registration = (n: number, verified: boolean, admin: number | null, expiresOn = '2027-03-31'): OldRow => ({
  license_number: `PA${String(300_000 + n)}`,
  registration_expires_on: expiresOn,
  registration_verified: verified,
  registration_verified_at: verified ? later('2025-02-01T09:15:00Z', n) : null,
  registration_verified_by_admin_id: verified ? admin : null,
  registration_verified_by: verified ? 'clerk' : null,
  registration_verified_how: verified ? "Checked on the Attorney General's registration lookup" : null,
});

const insurance = (n: number, verified: boolean, admin: number | null, expiresOn = '2026-12-31'): OldRow => ({
  insurer: 'Erie Insurance',
  insurance_policy_number: `GL-${n}`,
  insurance_coverage_occurrence: 1_000_000,
  insurance_coverage_aggregate: 2_000_000 + n,
  insurance_expires_on: expiresOn,
  insurance_verified: verified,
  insurance_verified_at: verified ? later('2025-03-01T14:45:00Z', n) : null,
  insurance_verified_by_admin_id: verified ? admin : null,
  insurance_verified_by: verified ? 'clerk' : null,
  insurance_verified_how: verified ? 'Certificate of insurance checked with the insurer' : null,
});

/** The stored badge, as the credentials service wrote it. */
const badge = (admin: number | null): OldRow => ({
  verified: true,
  verified_at: at('2025-03-10T08:00:00Z'),
  verified_by_admin_id: admin,
  verified_by: 'clerk',
});

/** Every plan in every subscription status, with Stripe ids, a period, credits used and bonus credits, or none of them. */
const billing = (n: number, plan: string, status: string): OldRow =>
  status === 'none'
    ? {
        subscription_plan: plan,
        subscription_status: status,
        credits_period_start: at('2025-06-01T00:00:00Z'),
        credits_reset_key: 'month:2025-06',
      }
    : {
        subscription_plan: plan,
        subscription_status: status,
        stripe_customer_id: `cus_${n}`,
        stripe_subscription_id: `sub_${n}`,
        current_period_end: later('2025-07-01T00:00:00Z', n),
        cancel_at_period_end: n % 2 === 0,
        is_featured: plan === 'premium' && (status === 'active' || status === 'trialing'),
        monthly_leads_used: n % 10,
        credits_period_start: later('2025-06-01T00:00:00Z', n),
        credits_reset_key: `in_${n}`,
        bonus_credits: n % 3,
      };

/** The listing states: listed, hidden, pending, rejected. */
const states: OldRow[] = [
  {},
  { is_visible: false },
  { approval_status: 'pending', is_visible: false },
  { approval_status: 'rejected', is_visible: false, rejection_reason: 'Not a licensed business' },
];

/** The contractors of the old database: each credential shape, listing state, plan and status at least once. */
function cases(admin: number, townId: number): OldRow[] {
  const shapes: ((n: number) => OldRow)[] = [
    // No credentials at all.
    () => ({ license_number: null }),
    // A registration number only.
    (n) => ({ license_number: `PA${String(300_000 + n)}` }),
    // The registration only, verified.
    (n) => registration(n, true, admin),
    // Both, neither verified.
    (n) => ({ ...registration(n, false, null), ...insurance(n, false, null) }),
    // Both verified, with the badge.
    (n) => ({ ...registration(n, true, admin), ...insurance(n, true, admin), ...badge(admin) }),
    // Both verified and expired: the badge still stored, as before the daily job.
    (n) => ({
      ...registration(n, true, admin, '2024-01-31'),
      ...insurance(n, true, admin, '2024-02-29'),
      ...badge(admin),
    }),
    // The insurance only, verified by an administrator since removed (only the name is left).
    (n) => ({ license_number: null, ...insurance(n, true, null), insurance_verified_by: 'former clerk' }),
    // The insurance only, an insurer and nothing else.
    () => ({ license_number: null, insurer: 'Penn National' }),
    // A registration with only how it was checked, left from a withdrawn verification.
    () => ({ license_number: null, registration_verified_how: 'Checked by phone' }),
  ];
  const rows: OldRow[] = [];
  const combos = SUBSCRIPTION_STATUSES.flatMap((status) => PLAN_IDS.map((plan) => ({ plan, status })));
  const count = Math.max(combos.length, shapes.length * states.length);
  for (let i = 0; i < count; i++) {
    const n = i + 1;
    const { plan, status } = combos[i % combos.length]!;
    rows.push({
      ...listing(n),
      ...states[i % states.length],
      ...(i % 5 === 0
        ? {
            home_town_id: townId,
            website: 'https://example.com',
            years_in_business: 12,
            certifications: '{"Licensed: PA1","EPA Lead-Safe"}',
          }
        : {}),
      insurance_info: i % 2 ? 'General liability $1M' : null,
      rating: (i % 6) * 0.8,
      review_count: i * 3,
      ...billing(n, plan, status),
      ...shapes[i % shapes.length]!(n),
    });
  }
  return rows;
}

/** What the old columns held, read back from the new tables under their old names (a credential without a row held nothing). */
const OLD_SHAPE = sql.raw(`
  select (to_jsonb(c) || jsonb_build_object(
    'license_number', r.number,
    'registration_expires_on', r.expires_on,
    'registration_verified', coalesce(r.verified, false),
    'registration_verified_at', r.verified_at,
    'registration_verified_by_admin_id', r.verified_by_admin_id,
    'registration_verified_by', r.verified_by,
    'registration_verified_how', r.verified_how,
    'insurer', i.insurer,
    'insurance_policy_number', i.number,
    'insurance_coverage_occurrence', i.coverage_occurrence,
    'insurance_coverage_aggregate', i.coverage_aggregate,
    'insurance_expires_on', i.expires_on,
    'insurance_verified', coalesce(i.verified, false),
    'insurance_verified_at', i.verified_at,
    'insurance_verified_by_admin_id', i.verified_by_admin_id,
    'insurance_verified_by', i.verified_by,
    'insurance_verified_how', i.verified_how,
    'subscription_plan', b.subscription_plan,
    'subscription_status', b.subscription_status,
    'stripe_customer_id', b.stripe_customer_id,
    'stripe_subscription_id', b.stripe_subscription_id,
    'current_period_end', b.current_period_end,
    'cancel_at_period_end', b.cancel_at_period_end,
    'monthly_leads_used', b.monthly_leads_used,
    'credits_period_start', b.credits_period_start,
    'credits_reset_key', b.credits_reset_key,
    'bonus_credits', b.bonus_credits
  ))::text as "row"
  from contractors c
  left join contractor_credentials r on r.contractor_id = c.id and r.credential = 'registration'
  left join contractor_credentials i on i.contractor_id = c.id and i.credential = 'insurance'
  left join contractor_billing b on b.contractor_id = c.id
  order by c.id`);

const rowsOf = (res: unknown) => (res as { rows: Record<string, unknown>[] }).rows;

describe('migration 0014: the contractor record in three tables', () => {
  let subject: MigrationSubject;
  let folders: { folder: string; cleanup: () => void };
  let before: Record<string, unknown>[];
  let given: OldRow[];

  beforeAll(async () => {
    subject = await freshDatabase();
    folders = migrationsBefore(SPLIT);
    await subject.migrateTo(folders.folder);
    const { db } = subject.database;
    const [admin] = rowsOf(
      await db.execute(sql`insert into admin_users (username, password_hash) values ('clerk', 'x') returning id`),
    );
    const [town] = rowsOf(
      await db.execute(
        sql`insert into towns (slug, name, label, kind) values ('laporte', 'Laporte', 'Laporte Borough', 'borough') returning id`,
      ),
    );
    given = cases(Number(admin!.id), Number(town!.id));
    for (const row of given) {
      const columns = Object.keys(row);
      await db.execute(
        sql`insert into contractors (${sql.join(
          columns.map((c) => sql.identifier(c)),
          sql`, `,
        )}) values (${sql.join(
          columns.map((c) => sql`${row[c]}`),
          sql`, `,
        )})`,
      );
    }
    // Every column of every row, as PostgreSQL writes it.
    before = rowsOf(await db.execute(sql`select to_jsonb(c)::text as "row" from contractors c order by c.id`)).map(
      (r) => JSON.parse(String(r.row)),
    );
    await subject.database.migrate();
  });
  afterAll(async () => {
    await subject?.drop();
    folders?.cleanup();
  });

  it('held every kind of row before the split: each credential shape, listing state, plan and status', () => {
    expect(before).toHaveLength(given.length);
    const seen = (column: string) => new Set(before.map((r) => r[column]));
    expect(seen('subscription_status')).toEqual(new Set(SUBSCRIPTION_STATUSES));
    expect(seen('subscription_plan')).toEqual(new Set(PLAN_IDS));
    expect(seen('approval_status')).toEqual(new Set(['approved', 'pending', 'rejected']));
    expect(seen('is_visible')).toEqual(new Set([true, false]));
    expect(seen('registration_verified')).toEqual(new Set([true, false]));
    expect(seen('insurance_verified')).toEqual(new Set([true, false]));
    expect(
      before.some((r) => r.license_number === null && r.insurer === null && r.registration_verified_how === null),
    ).toBe(true);
  });

  it('keeps every value of every contractor', async () => {
    const after = rowsOf(await subject.database.db.execute(OLD_SHAPE)).map((r) => JSON.parse(String(r.row)));
    expect(after).toHaveLength(before.length);
    // Columns later migrations add to the listing (business_hours, 0027) are not this one's to keep.
    const asBefore = (row: Record<string, unknown>, old: Record<string, unknown>) =>
      Object.fromEntries(Object.keys(old).map((k) => [k, row[k]]));
    for (const [i, old] of before.entries())
      expect(asBefore(after[i], old), `contractor ${String(old.id)}`).toEqual(old);
  });

  it('gives a credential a row only when something about it was known, and every contractor its billing', async () => {
    const { db } = subject.database;
    const known = (r: Record<string, unknown>, prefix: 'registration' | 'insurance') =>
      Object.entries(r).some(
        ([k, v]) =>
          (prefix === 'registration'
            ? k === 'license_number' || k.startsWith('registration_')
            : k === 'insurer' || k.startsWith('insurance_')) &&
          k !== 'insurance_info' &&
          v !== null &&
          v !== false,
      );
    const rows = await db
      .select({ contractorId: contractorCredentials.contractorId, credential: contractorCredentials.credential })
      .from(contractorCredentials);
    const expected = before.flatMap((r) =>
      (['registration', 'insurance'] as const)
        .filter((c) => known(r, c))
        .map((credential) => ({ contractorId: r.id, credential })),
    );
    expect(rows.sort((a, b) => a.contractorId - b.contractorId || a.credential.localeCompare(b.credential))).toEqual(
      expected.sort(
        (a, b) => Number(a.contractorId) - Number(b.contractorId) || a.credential.localeCompare(b.credential),
      ),
    );
    expect(rows.length).toBeLessThan(before.length * 2);
    expect(await db.$count(contractorBilling)).toBe(before.length);
  });

  it('leaves the listing without the moved columns', async () => {
    const res = await subject.database.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'contractors' and table_schema = 'public'`,
    );
    const columns = rowsOf(res).map((r) => String(r.column_name));
    for (const gone of [
      'license_number',
      'registration_verified',
      'insurance_expires_on',
      'subscription_plan',
      'stripe_customer_id',
      'monthly_leads_used',
      'bonus_credits',
    ]) {
      expect(columns).not.toContain(gone);
    }
    expect(columns).toEqual(
      expect.arrayContaining(['name', 'verified', 'verified_at', 'is_featured', 'approval_status', 'is_visible']),
    );
  });

  it('keeps the rules: one listing per registration number, a billing row for a new contractor, the directory version moved by credentials', async () => {
    const { db } = subject.database;
    const taken = given.find((r) => typeof r.license_number === 'string')!.license_number as string;
    const [made] = await db
      .insert(contractors)
      .values({ name: 'After Split Builders', email: 'after@split.example', phone: '(570) 555-0101', city: 'Laporte' })
      .returning();
    const [bill] = await db.select().from(contractorBilling).where(eq(contractorBilling.contractorId, made!.id));
    expect(bill).toMatchObject({
      subscriptionPlan: 'free',
      subscriptionStatus: 'none',
      monthlyLeadsUsed: 0,
      bonusCredits: 0,
    });
    const refused: unknown = await db
      .insert(contractorCredentials)
      .values({ contractorId: made!.id, credential: 'registration', number: taken })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(String((refused as { cause?: unknown } | null)?.cause)).toMatch(
      /contractor_credentials_registration_number_key/,
    );
    const version = async () => (await db.select({ v: directoryState.version }).from(directoryState))[0]!.v;
    const v0 = await version();
    await db
      .insert(contractorCredentials)
      .values({ contractorId: made!.id, credential: 'insurance', expiresOn: '2030-01-01' });
    expect(await version()).toBeGreaterThan(v0);
    const v1 = await version();
    await db.update(contractorBilling).set({ monthlyLeadsUsed: 1 }).where(eq(contractorBilling.contractorId, made!.id));
    expect(await version()).toBe(v1);
  });
});
