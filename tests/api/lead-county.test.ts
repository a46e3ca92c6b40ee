import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, regions, towns } from '../../server/db/schema';
import { addCounty } from '../../server/counties/counties';
import { createContractor } from '../support/factories';
import { requestOnHost } from '../support/host-request';
import { freshDatabase, migrationsBefore, type MigrationSubject } from '../support/migration-db';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A lead belongs to the county whose site it was sent on (docs/decisions/0100-leads-belong-to-a-county.md):
 * sent on the default county's address it is the default county's, on Wyoming's site Wyoming's (for
 * a contractor listed there, its town one of Wyoming's); a host that is no county's takes none;
 * leads stored before counties are the default county's after migration 0016.
 */
describe('the county of a lead', () => {
  let app: TestApp;
  let contractorId: number;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT: 'false' });
    ({ id: contractorId } = await createContractor(app.ctx.db));
  });
  afterAll(() => app?.close());

  const quote = () => ({
    name: 'Casey Homeowner',
    email: 'casey@example.com',
    phone: '(570) 555-0142',
    serviceNeeded: 'Roofing & Siding',
    location: 'Laporte, PA',
    projectDetails: 'A new metal roof on the cabin before the snow.',
    contractorId,
  });
  const latest = async () =>
    (
      await app.ctx.db.select({ id: leads.id, regionId: leads.regionId }).from(leads).orderBy(desc(leads.id)).limit(1)
    )[0];

  it("is the default county's when sent on its address (the web form's route passes the same county)", async () => {
    const [sullivan] = await app.ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, 'sullivan'));
    const res = await app.client().post('/api/leads', quote());
    expect(res.status).toBe(201);
    expect(await latest()).toEqual({ id: res.body.id, regionId: sullivan!.id });
  });

  it("is the county's whose site it was sent on, for a contractor serving it; never taken on a host that is no county's", async () => {
    await addCounty(app.ctx, 'wyoming');
    const [wyoming] = await app.ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, 'wyoming'));
    const [tunkhannock] = await app.ctx.db
      .select({ id: towns.id })
      .from(towns)
      .where(and(eq(towns.slug, 'tunkhannock'), eq(towns.regionId, wyoming!.id)));
    const before = await latest();
    // The default county's contractor is not listed on Wyoming's site, so it takes no request there.
    const elsewhere = await requestOnHost(app.url, 'wyoming.localhost', 'POST', '/api/leads', { body: quote() });
    expect(elsewhere.status).toBe(404);
    expect((await requestOnHost(app.url, 'nowhere.localhost', 'POST', '/api/leads', { body: quote() })).status).toBe(
      404,
    );
    expect(await latest()).toEqual(before);

    const { id: local } = await createContractor(app.ctx.db, { county: 'wyoming', homeTown: 'tunkhannock' });
    const sent = await requestOnHost(app.url, 'wyoming.localhost', 'POST', '/api/leads', {
      body: { ...quote(), contractorId: local, location: 'Tunkhannock, PA' },
    });
    expect(sent.status, sent.text).toBe(201);
    const [stored] = await app.ctx.db
      .select({ regionId: leads.regionId, townId: leads.townId })
      .from(leads)
      .where(eq(leads.id, sent.json().id));
    expect(stored).toEqual({ regionId: wyoming!.id, townId: tunkhannock!.id });
    // The default county's address still takes its own, with two counties.
    expect((await requestOnHost(app.url, 'localhost', 'POST', '/api/leads', { body: quote() })).status).toBe(201);
  });
});

describe('migration 0016: the leads already there are the default county’s', () => {
  let subject: MigrationSubject;
  let cleanup = () => {};
  beforeAll(async () => {
    subject = await freshDatabase();
    const before = migrationsBefore('0016_lead_county');
    cleanup = before.cleanup;
    await subject.migrateTo(before.folder);
    await subject.database.db.execute(
      sql`insert into leads (name, email, phone, service_needed, location, project_details, lead_price_cents) values ('Old Lead', 'old@example.com', '570-555-0100', 'Roofing', 'Laporte, PA', 'Stored before counties.', 2500)`,
    );
    await subject.database.migrate();
  });
  afterAll(async () => {
    await subject?.drop();
    cleanup();
  });

  it('gives every existing lead the default county, and a lead stored without one gets it too', async () => {
    const { db } = subject.database;
    const [sullivan] = await db.select({ id: regions.id }).from(regions).where(eq(regions.isDefault, true));
    expect(await db.select({ name: leads.name, regionId: leads.regionId }).from(leads)).toEqual([
      { name: 'Old Lead', regionId: sullivan!.id },
    ]);
    await db.execute(
      sql`insert into leads (name, email, phone, service_needed, location, project_details, lead_price_cents) values ('New Lead', 'new@example.com', '570-555-0101', 'Roofing', 'Laporte, PA', 'Stored by an old writer.', 2500)`,
    );
    const [fresh] = await db.select({ regionId: leads.regionId }).from(leads).where(eq(leads.name, 'New Lead'));
    expect(fresh!.regionId).toBe(sullivan!.id);
  });
});
