import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import type { RegionAnswer } from '@shared/schemas/region';
import { regions, towns } from '../../server/db/schema';
import { DomainError } from '../../server/domain/errors';
import { addCounty, listCounties } from '../../server/counties/counties';
import { freshDatabase, migrationsBefore, type MigrationSubject } from '../support/migration-db';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Counties are data (docs/decisions/0098-counties-are-data.md): the default county is a row with
 * its towns and services, GET /api/region answers it, and `npm run region:add` adds another
 * Pennsylvania county from the bundled dataset without changing anything the default county's
 * site shows. On the embedded database and on the PostgreSQL server.
 */
describe('counties', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  const regionAnswer = async () => {
    const res = await app.client().get<RegionAnswer>('/api/region');
    expect(res.status).toBe(200);
    return res.body;
  };

  it("answers the default county: the region module's towns and services, in order", async () => {
    const answer = await regionAnswer();
    expect(answer).toMatchObject({
      slug: 'sullivan',
      name: region.county,
      state: region.state,
      siteTitle: region.siteTitle,
    });
    expect(answer.towns.map((t) => t.slug)).toEqual(region.towns.map((t) => t.slug));
    expect(answer.towns[0]!.geo).toEqual(region.towns[0]!.geo);
    expect(answer.services.map((s) => s.slug)).toEqual(region.services.map((s) => s.slug));
  });

  it("adds Wyoming County with its places and every service, and refuses it twice or a county that is not Pennsylvania's", async () => {
    const added = await addCounty(app.ctx, 'Wyoming County');
    expect(added).toMatchObject({ slug: 'wyoming', name: 'Wyoming County', state: 'PA', isDefault: false });
    expect(added.services).toBe(region.services.length);
    const [wyoming] = await app.ctx.db.select().from(regions).where(eq(regions.slug, 'wyoming'));
    expect(wyoming).toMatchObject({
      siteTitle: 'Wyoming County Contractors',
      shortTitle: 'Wyoming Co. Contractors',
      timeZone: region.timeZone,
      isDefault: false,
    });
    const places = await app.ctx.db.select().from(towns).where(eq(towns.regionId, wyoming!.id));
    expect(places.length).toBe(added.towns);
    expect(places.find((t) => t.slug === 'tunkhannock')).toMatchObject({
      name: 'Tunkhannock',
      lat: expect.any(Number),
      lng: expect.any(Number),
    });

    await expect(addCounty(app.ctx, 'wyoming')).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Wyoming County has already been added',
    });
    await expect(addCounty(app.ctx, 'atlantis')).rejects.toBeInstanceOf(DomainError);
    expect((await listCounties(app.ctx)).map((c) => [c.slug, c.isDefault])).toEqual([
      ['sullivan', true],
      ['wyoming', false],
    ]);
  });

  it("keeps another county's towns off the default county's site, even a town of the same name", async () => {
    const searchBefore = await app.client().get('/api/contractors?location=laporte');
    expect(searchBefore.status).toBe(200);
    const [wyoming] = await app.ctx.db.select().from(regions).where(eq(regions.slug, 'wyoming'));
    // A town slug is unique within its county only (Washington, Franklin, Jackson townships recur).
    await app.ctx.db
      .insert(towns)
      .values({ regionId: wyoming!.id, slug: 'laporte', name: 'Laporte', label: 'Laporte', kind: 'other' });
    await expect(
      app.ctx.db
        .insert(towns)
        .values({ regionId: wyoming!.id, slug: 'laporte', name: 'Laporte', label: 'Laporte', kind: 'other' }),
    ).rejects.toThrow();

    const answer = await regionAnswer();
    expect(answer.towns.map((t) => t.slug)).toEqual(region.towns.map((t) => t.slug));
    const searchAfter = await app.client().get('/api/contractors?location=laporte');
    expect(searchAfter.status).toBe(200);
    expect(searchAfter.body.contractors.map((c: { id: number }) => c.id)).toEqual(
      searchBefore.body.contractors.map((c: { id: number }) => c.id),
    );
    expect(searchAfter.body.contractors.length).toBeGreaterThan(0);
  });
});

describe('migration 0015: the towns already there belong to the default county', () => {
  let subject: MigrationSubject;
  let cleanup = () => {};
  beforeAll(async () => {
    subject = await freshDatabase();
    const before = migrationsBefore('0015_regions');
    cleanup = before.cleanup;
    await subject.migrateTo(before.folder);
    await subject.database.db.execute(
      sql`insert into towns (slug, name, label, kind) values ('laporte', 'Laporte', 'Laporte Borough', 'borough'), ('dushore', 'Dushore', 'Dushore Borough', 'borough')`,
    );
    await subject.database.db.execute(sql`insert into services (slug, name) values ('roofing', 'Roofing')`);
    await subject.database.migrate();
  });
  afterAll(async () => {
    await subject?.drop();
    cleanup();
  });

  it('makes the default county, puts every town and service in it, and keeps their ids', async () => {
    const { db } = subject.database;
    const counties = await db.select().from(regions);
    expect(counties).toEqual([expect.objectContaining({ slug: 'sullivan', isDefault: true })]);
    const rows = await db.select({ slug: towns.slug, regionId: towns.regionId }).from(towns);
    expect(rows).toEqual([
      { slug: 'laporte', regionId: counties[0]!.id },
      { slug: 'dushore', regionId: counties[0]!.id },
    ]);
    const offered = await db.execute(
      sql`select count(*)::int as n from region_services where region_id = ${counties[0]!.id}`,
    );
    expect((offered as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});
