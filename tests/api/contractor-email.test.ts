import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOfContractor, contractorEmail } from '../../server/contractors/contractor-email';
import { contractorAccounts, contractors } from '../../server/db/schema';
import { contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

/** Who receives a contractor's email is decided once (server/contractors/contractor-email.ts). */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => app?.close());

const recipientOf = async (id: number) =>
  (await app.ctx.db.select({ email: contractorEmail }).from(contractors).leftJoin(contractorAccounts, accountOfContractor).where(eq(contractors.id, id)))[0]!.email;

describe("a contractor's email", () => {
  it("goes to the listing's address until the contractor has an account, then to the account's", async () => {
    const c = await createContractor(app.ctx.db, { email: 'listing@example.com' });
    expect(await recipientOf(c.id)).toBe('listing@example.com');
    const portal = await contractorClient(app, c.id);
    const [account] = await app.ctx.db.select({ email: contractorAccounts.email }).from(contractorAccounts).where(eq(contractorAccounts.contractorId, c.id));
    expect(account!.email).not.toBe('listing@example.com');
    expect(await recipientOf(c.id)).toBe(account!.email);
    // The portal shows the contractor the address its mail goes to.
    expect((await portal.get('/api/contractor/profile')).body.email).toBe(account!.email);
  });
});
