import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../server/context';
import { contractorBilling, contractors } from '../../server/db/schema';
import { refreshFreePeriod, resetCreditsForPeriod, takeCredit } from '../../server/leads/credits';
import { createContractor } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let id: number;
beforeAll(async () => {
  app = await startTestApp();
  id = (await createContractor(app.ctx.db)).id;
});
afterAll(() => app?.close());

const row = async () =>
  (await app.ctx.db.select().from(contractorBilling).where(eq(contractorBilling.contractorId, id)))[0]!;
const set = (values: Partial<typeof contractorBilling.$inferInsert>) =>
  app.ctx.db.update(contractorBilling).set(values).where(eq(contractorBilling.contractorId, id));
const listingUpdatedAt = async () =>
  (await app.ctx.db.select({ at: contractors.updatedAt }).from(contractors).where(eq(contractors.id, id)))[0]!.at;
const take = () => inTransaction(app.ctx, (tx) => takeCredit(tx, id));
/** The app's context with its clock standing at `now`. */
const at = (now: Date) => ({ ...app.ctx, clock: { now: () => now } });

describe('plan credits (docs/decisions/0006-plans-and-credits.md)', () => {
  it("uses a paid plan's credits up to its allowance", async () => {
    await set({ subscriptionPlan: 'pro', monthlyLeadsUsed: 7, creditsPeriodStart: new Date() });
    expect([await take(), await take(), await take()]).toEqual([true, true, false]);
    expect((await row()).monthlyLeadsUsed).toBe(9);
    await set({ subscriptionPlan: 'premium' });
    expect(await take()).toBe(true);
    expect((await row()).monthlyLeadsUsed).toBe(10);
  });

  it('never overspends when credits are taken at the same moment', async () => {
    await set({ subscriptionPlan: 'free', monthlyLeadsUsed: 0, creditsPeriodStart: new Date() });
    const results = await Promise.all(Array.from({ length: 8 }, () => take()));
    expect(results.filter(Boolean).length).toBe(2);
    expect((await row()).monthlyLeadsUsed).toBe(2);
  });

  it('starts a new Free month once, and leaves paid plans to their invoices', async () => {
    const lastMonth = new Date(Date.UTC(2026, 9, 20));
    const now = new Date(Date.UTC(2026, 10, 3, 12));
    await set({ subscriptionPlan: 'free', monthlyLeadsUsed: 2, creditsPeriodStart: lastMonth });
    expect(await refreshFreePeriod(at(now), id)).toBe(true);
    expect(await row()).toMatchObject({
      monthlyLeadsUsed: 0,
      creditsPeriodStart: new Date(Date.UTC(2026, 10, 1)),
      creditsResetKey: 'month:2026-11',
    });
    await set({ monthlyLeadsUsed: 1 });
    expect(await refreshFreePeriod(at(now), id)).toBe(false);
    expect((await row()).monthlyLeadsUsed).toBe(1);

    await set({ subscriptionPlan: 'pro', monthlyLeadsUsed: 9, creditsPeriodStart: lastMonth });
    expect(await refreshFreePeriod(at(now), id)).toBe(false);
    expect((await row()).monthlyLeadsUsed).toBe(9);
  });

  it('resets a paid period once per reset key', async () => {
    const start = new Date(Date.UTC(2026, 10, 14));
    await set({ subscriptionPlan: 'pro', monthlyLeadsUsed: 9, creditsResetKey: 'in_previous' });
    expect(await resetCreditsForPeriod(app.ctx, id, start, 'in_123')).toBe(true);
    expect(await row()).toMatchObject({ monthlyLeadsUsed: 0, creditsPeriodStart: start, creditsResetKey: 'in_123' });
    expect(await take()).toBe(true);
    // The same invoice again (a replayed webhook) changes nothing.
    expect(await resetCreditsForPeriod(app.ctx, id, start, 'in_123')).toBe(false);
    expect((await row()).monthlyLeadsUsed).toBe(1);
    await set({ creditsResetKey: null });
    expect(await resetCreditsForPeriod(app.ctx, id, start, 'in_124')).toBe(true);
    expect((await row()).monthlyLeadsUsed).toBe(0);
  });

  it("does not move the listing's updated_at", async () => {
    await set({ subscriptionPlan: 'premium', monthlyLeadsUsed: 0 });
    const before = await listingUpdatedAt();
    await take();
    await resetCreditsForPeriod(app.ctx, id, new Date(), 'in_999');
    expect(await listingUpdatedAt()).toEqual(before);
  });
});
