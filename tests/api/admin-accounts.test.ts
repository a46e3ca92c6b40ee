import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, leads, outboxEmails, pricingRules, regions } from '../../server/db/schema';
import { addCounty } from '../../server/counties/counties';
import { adminClient, countyAdminClient } from '../support/admin-session';
import { createContractor, createLead } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { freshDatabase, migrationsBefore, type MigrationSubject } from '../support/migration-db';
import { newLead } from '../support/payment-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Administrator accounts (docs/decisions/0103-county-administrators.md): the platform administrator
 * creates, disables and assigns counties; a change holds at the account's next request; the county
 * switcher narrows the lists; pricing and mail carry their county.
 */

let app: TestApp;
let platform: TestClient;
let sullivan: number;
let wyoming: number;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  platform = await adminClient(app);
  await addCounty(app.ctx, 'wyoming');
  const ids = await app.ctx.db.select({ id: regions.id, slug: regions.slug }).from(regions);
  sullivan = ids.find((r) => r.slug === 'sullivan')!.id;
  wyoming = ids.find((r) => r.slug === 'wyoming')!.id;
});
afterAll(() => app?.close());

const signIn = async (username: string, password: string) => {
  const client = app.client();
  const res = await client.post('/api/admin/login', { username, password });
  return { client, res };
};

describe('the accounts, for the platform administrator', () => {
  it('creates a county administrator, who signs in and sees its county only', async () => {
    const created = await platform.post('/api/admin/users', {
      username: 'wyoming-admin',
      password: 'long enough password 1',
      role: 'county',
      regionIds: [wyoming],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      username: 'wyoming-admin',
      role: 'county',
      disabled: false,
      counties: [{ id: wyoming, slug: 'wyoming', name: 'Wyoming County' }],
    });

    const list = await platform.get('/api/admin/users');
    expect(list.status).toBe(200);
    expect(list.body.accounts.map((a: { username: string }) => a.username)).toContain('wyoming-admin');
    expect(list.body.counties.map((c: { slug: string }) => c.slug)).toEqual(
      expect.arrayContaining(['sullivan', 'wyoming']),
    );

    const { client, res } = await signIn('wyoming-admin', 'long enough password 1');
    expect(res.status).toBe(200);
    expect((await client.get('/api/admin/check')).body).toMatchObject({
      authenticated: true,
      role: 'county',
      counties: [{ id: wyoming }],
      countyId: null,
    });
    await createLead(app.ctx.db, { regionId: sullivan, name: 'Sullivan homeowner' });
    const leadsSeen = await client.get('/api/leads');
    expect(leadsSeen.status).toBe(200);
    expect(leadsSeen.text).not.toContain('Sullivan homeowner');
  });

  it('refuses a taken username, a common password and a county administrator without a county, on their fields', async () => {
    const taken = await platform.post('/api/admin/users', {
      username: 'wyoming-admin',
      password: 'another long password',
      role: 'platform',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.username).toBeTruthy();
    const common = await platform.post('/api/admin/users', {
      username: 'someone',
      password: 'password1234',
      role: 'platform',
    });
    expect(common.status).toBe(400);
    expect(common.body.errors.password).toBeTruthy();
    const none = await platform.post('/api/admin/users', {
      username: 'someone',
      password: 'long enough password 2',
      role: 'county',
      regionIds: [],
    });
    expect(none.status).toBe(400);
    expect(none.body.errors.regionIds).toBeTruthy();
    const unknown = await platform.post('/api/admin/users', {
      username: 'someone',
      password: 'long enough password 2',
      role: 'county',
      regionIds: [999999],
    });
    expect(unknown.status).toBe(400);
  });

  it('disabling ends the sessions at their next request and refuses sign-in; enabling lets it back', async () => {
    const { client, adminUserId, username, password } = await countyAdminClient(app, [sullivan]);
    expect((await client.get('/api/leads')).status).toBe(200);
    const off = await platform.patch(`/api/admin/users/${adminUserId}`, { disabled: true });
    expect(off.status, off.text).toBe(200);
    expect(off.body.disabled).toBe(true);
    expect((await client.get('/api/leads')).status).toBe(401);
    expect((await client.get('/api/admin/check')).body.authenticated).toBe(false);
    expect((await signIn(username, password)).res.status).toBe(401);
    expect((await platform.patch(`/api/admin/users/${adminUserId}`, { disabled: false })).body.disabled).toBe(false);
    expect((await signIn(username, password)).res.status).toBe(200);
  });

  it('a change of counties or role holds at the next request', async () => {
    const { client, adminUserId } = await countyAdminClient(app, [sullivan]);
    await createLead(app.ctx.db, { regionId: wyoming, name: 'Wyoming homeowner' });
    expect((await client.get('/api/leads?pageSize=100')).text).not.toContain('Wyoming homeowner');
    expect((await platform.patch(`/api/admin/users/${adminUserId}`, { regionIds: [wyoming] })).status).toBe(200);
    expect((await client.get('/api/leads?pageSize=100')).text).toContain('Wyoming homeowner');
    expect((await client.get('/api/admin/users')).status).toBe(403);
    expect((await platform.patch(`/api/admin/users/${adminUserId}`, { role: 'platform' })).body.counties).toEqual([]);
    expect((await client.get('/api/admin/users')).status).toBe(200);
  });

  it('an administrator cannot disable itself or give up its platform role', async () => {
    const me = (
      await app.ctx.db
        .select()
        .from(adminUsers)
        .where(eq(adminUsers.username, (await platform.get('/api/admin/check')).body.username))
    )[0]!;
    expect((await platform.patch(`/api/admin/users/${me.id}`, { disabled: true })).status).toBe(409);
    expect((await platform.patch(`/api/admin/users/${me.id}`, { role: 'county', regionIds: [sullivan] })).status).toBe(
      409,
    );
    expect((await platform.patch('/api/admin/users/999999', { disabled: true })).status).toBe(404);
  });

  it('county administrators are refused the accounts and the counties (403)', async () => {
    const { client } = await countyAdminClient(app, [sullivan]);
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users'],
      ['PATCH', '/api/admin/users/1'],
      ['GET', '/api/admin/counties'],
      ['POST', '/api/admin/counties'],
    ] as const) {
      expect((await client.request(method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(
        403,
      );
    }
  });
});

describe('the county switcher', () => {
  it("narrows the platform administrator's lists to one county, and back to all", async () => {
    const admin = await adminClient(app);
    await createLead(app.ctx.db, { regionId: wyoming, name: 'Switcher Wyoming' });
    await createLead(app.ctx.db, { regionId: sullivan, name: 'Switcher Sullivan' });
    const chosen = await admin.request('PUT', '/api/admin/scope', { countyId: wyoming });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.countyId).toBe(wyoming);
    const narrowed = (await admin.get('/api/leads?pageSize=100')).text;
    expect(narrowed).toContain('Switcher Wyoming');
    expect(narrowed).not.toContain('Switcher Sullivan');
    expect((await admin.get('/api/admin/check')).body.countyId).toBe(wyoming);
    expect((await admin.request('PUT', '/api/admin/scope', { countyId: null })).body.countyId).toBeNull();
    const all = (await admin.get('/api/leads?pageSize=100')).text;
    expect(all).toContain('Switcher Wyoming');
    expect(all).toContain('Switcher Sullivan');
  });

  it('lets a county administrator choose among its own counties only', async () => {
    const { client } = await countyAdminClient(app, [sullivan]);
    expect((await client.request('PUT', '/api/admin/scope', { countyId: wyoming })).status).toBe(404);
    expect((await client.request('PUT', '/api/admin/scope', { countyId: sullivan })).status).toBe(200);
  });
});

describe('pricing and mail per county', () => {
  it("prices a county's leads by its own rules and the platform defaults, never another county's", async () => {
    const contractor = await createContractor(app.ctx.db);
    const [rule] = await app.ctx.db
      .insert(pricingRules)
      .values({ regionId: wyoming, ruleType: 'global', leadPriceCents: 9900, priority: 1000 })
      .returning();
    const leadId = await newLead(app, contractor.id);
    const [lead] = await app.ctx.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead!.regionId).toBe(sullivan);
    expect(lead!.leadPriceCents).not.toBe(9900);
    await app.ctx.db.delete(pricingRules).where(eq(pricingRules.id, rule!.id));
  });

  it("writes a lead's mail to its county's outbox", async () => {
    const contractor = await createContractor(app.ctx.db);
    const leadId = await newLead(app, contractor.id);
    const notices = await app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'lead-notice'));
    expect(notices.at(-1)!.regionId).toBe(sullivan);
    const delivered = await platform.post('/api/lead-deliveries', { leadId, contractorId: contractor.id });
    expect(delivered.status, delivered.text).toBe(201);
    const [mail] = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, 'lead-delivered'))
      .orderBy(outboxEmails.id);
    expect(mail!.regionId).toBe(sullivan);
  });
});

describe("migration 0019: the administrators already there are the platform's", () => {
  let subject: MigrationSubject;
  let cleanup = () => {};
  beforeAll(async () => {
    subject = await freshDatabase();
    const before = migrationsBefore('0019_county_admins');
    cleanup = before.cleanup;
    await subject.migrateTo(before.folder);
    await subject.database.db.execute(sql`insert into admin_users (username, password_hash) values ('old-admin', 'x')`);
    await subject.database.db.execute(
      sql`insert into pricing_rules (rule_type, lead_price_cents) values ('global', 2500)`,
    );
    await subject.database.migrate();
  });
  afterAll(async () => {
    await subject?.drop();
    cleanup();
  });

  it('makes every existing account a platform administrator, enabled; a new row is a county administrator; old rules are platform defaults', async () => {
    const { db } = subject.database;
    expect(await db.select({ role: adminUsers.role, disabledAt: adminUsers.disabledAt }).from(adminUsers)).toEqual([
      { role: 'platform', disabledAt: null },
    ]);
    await db.execute(sql`insert into admin_users (username, password_hash) values ('new-admin', 'x')`);
    expect(
      (await db.select({ role: adminUsers.role }).from(adminUsers).where(eq(adminUsers.username, 'new-admin')))[0]!
        .role,
    ).toBe('county');
    expect(await db.select({ regionId: pricingRules.regionId }).from(pricingRules)).toEqual([{ regionId: null }]);
  });
});
