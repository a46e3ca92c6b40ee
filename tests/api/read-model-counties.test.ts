import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryQuerySchemaFor, type ContractorPage } from '@shared/schemas/directory';
import { region } from '@shared/region';
import {
  contractorServiceAreas,
  contractorServices,
  contractors,
  directoryVersions,
  regions,
  services,
  towns,
} from '../../server/db/schema';
import { createDirectory } from '../../server/directory';
import { todayOf } from '../../server/clock';
import { addCounty } from '../../server/counties/counties';
import { createContractor } from '../support/factories';
import { getOnHost } from '../support/host-request';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The read model per county (docs/decisions/0101-read-model-per-county.md): a write moves the
 * versions of the counties it touches and no other; each county's snapshot (and its SQL reference)
 * holds the contractors serving its towns; an answer kept for one county's site is never another's.
 * On the embedded database and the PostgreSQL server.
 */
describe('the read model per county', () => {
  let app: TestApp;
  const SULLIVAN = region.slug;
  const WYOMING = 'wyoming';
  let onlySullivan: number;
  let onlyWyoming: number;
  const townId = async (county: string, slug: string) =>
    (
      await app.ctx.db
        .select({ id: towns.id })
        .from(towns)
        .innerJoin(regions, eq(regions.id, towns.regionId))
        .where(and(eq(regions.slug, county), eq(towns.slug, slug)))
    )[0]!.id;
  /** The county's version as stored, checked against what the app's read model says it is (on the embedded database, from its notifications). */
  const version = async (county: string) => {
    const [row] = await app.ctx.db
      .select({ v: directoryVersions.version })
      .from(directoryVersions)
      .innerJoin(regions, eq(regions.id, directoryVersions.regionId))
      .where(eq(regions.slug, county));
    expect(await app.ctx.directory.version(county), `the read model's version of ${county}`).toBe(row!.v);
    return row!.v;
  };
  const versions = async () => ({ [SULLIVAN]: await version(SULLIVAN), [WYOMING]: await version(WYOMING) });
  const ids = (page: { readonly contractors: readonly { readonly id: number }[] }) => page.contractors.map((c) => c.id);
  const everyone = directoryQuerySchemaFor(region).parse({ pageSize: '48', sort: 'name' });

  beforeAll(async () => {
    app = await startTestApp();
    await addCounty(app.ctx, WYOMING);
    onlySullivan = (await createContractor(app.ctx.db, { name: 'Aaa Sullivan Only Builders', homeTown: 'laporte' })).id;
    onlyWyoming = (
      await createContractor(app.ctx.db, {
        name: 'Aaa Wyoming Only Builders',
        county: WYOMING,
        homeTown: 'tunkhannock',
        serviceAreas: ['nicholson'],
      })
    ).id;
  });
  afterAll(() => app?.close());

  it('moves the version of the county a contractor serves, and not the other', async () => {
    let before = await versions();
    await app.ctx.db.update(contractors).set({ rating: 4.9 }).where(eq(contractors.id, onlyWyoming));
    let after = await versions();
    expect(after[WYOMING]).toBeGreaterThan(before[WYOMING]!);
    expect(after[SULLIVAN]).toBe(before[SULLIVAN]);

    before = after;
    const [roofing] = await app.ctx.db.select({ id: services.id }).from(services).where(eq(services.slug, 'roofing'));
    await app.ctx.db
      .insert(contractorServices)
      .values({ contractorId: onlyWyoming, serviceId: roofing!.id, position: 1 });
    after = await versions();
    expect(after[WYOMING]).toBeGreaterThan(before[WYOMING]!);
    expect(after[SULLIVAN]).toBe(before[SULLIVAN]);

    before = after;
    await app.ctx.db
      .update(contractors)
      .set({ description: 'Sullivan only, changed' })
      .where(eq(contractors.id, onlySullivan));
    after = await versions();
    expect(after[SULLIVAN]).toBeGreaterThan(before[SULLIVAN]!);
    expect(after[WYOMING]).toBe(before[WYOMING]);

    // A county's own rows (its towns, its services offered) move only its version.
    before = after;
    await app.ctx.db
      .update(towns)
      .set({ label: 'Nicholson Borough' })
      .where(eq(towns.id, await townId(WYOMING, 'nicholson')));
    after = await versions();
    expect(after[WYOMING]).toBeGreaterThan(before[WYOMING]!);
    expect(after[SULLIVAN]).toBe(before[SULLIVAN]);
  });

  it("holds each county's own contractors, in memory as in SQL", async () => {
    const reference = createDirectory(app.ctx.database, {
      cache: false,
      staleIfErrorMs: 0,
      today: todayOf(app.ctx.clock),
    });
    for (const directory of [app.ctx.directory, reference]) {
      const sullivan = ids(await directory.contractors(SULLIVAN, everyone));
      const wyoming = ids(await directory.contractors(WYOMING, everyone));
      expect(sullivan).toContain(onlySullivan);
      expect(sullivan).not.toContain(onlyWyoming);
      expect(wyoming).toEqual([onlyWyoming]);
      await expect(directory.profile(SULLIVAN, onlyWyoming)).rejects.toMatchObject({ kind: 'not_found' });
      await expect(directory.profile(WYOMING, onlySullivan)).rejects.toMatchObject({ kind: 'not_found' });
      expect((await directory.profile(WYOMING, onlyWyoming)).serviceAreas).toEqual(['Tunkhannock', 'Nicholson']);
      expect((await directory.coverage(WYOMING)).services.find((s) => s.slug === 'general-contracting')?.towns).toEqual(
        [
          { slug: 'nicholson', count: 1 },
          { slug: 'tunkhannock', count: 1 },
        ],
      );
    }
    expect(app.ctx.directory.resident().map((r) => r.county)).toEqual(expect.arrayContaining([SULLIVAN, WYOMING]));
  });

  it('drops the least recently used county over the memory budget, and loads it again when asked', async () => {
    const dropped: unknown[] = [];
    const log = { info: (_msg: string, fields?: unknown) => void dropped.push(fields), warn: () => undefined };
    // A budget smaller than any snapshot: only the county asked for last stays.
    const small = createDirectory(app.ctx.database, {
      cache: true,
      staleIfErrorMs: 0,
      today: todayOf(app.ctx.clock),
      memoryBudgetBytes: 1,
      log,
    });
    const sullivan = await small.contractors(SULLIVAN, everyone);
    expect(small.resident().map((r) => r.county)).toEqual([SULLIVAN]);
    expect(small.resident()[0]!.bytes).toBeGreaterThan(0);
    expect(ids(await small.contractors(WYOMING, everyone))).toEqual([onlyWyoming]);
    expect(small.resident().map((r) => r.county)).toEqual([WYOMING]);
    expect(dropped).toEqual([{ county: SULLIVAN, why: 'budget' }]);
    // Loaded again: the same answers, made anew.
    const again = await small.contractors(SULLIVAN, everyone);
    expect(again).not.toBe(sullivan);
    expect(again).toEqual(sullivan);
    expect(small.resident().map((r) => r.county)).toEqual([SULLIVAN]);
  });

  it("moving a service area from one county's town to another's moves both versions, and both snapshots see it", async () => {
    const nicholson = await townId(WYOMING, 'nicholson');
    const laporte = await townId(SULLIVAN, 'laporte');
    const before = await versions();
    await app.ctx.db
      .update(contractorServiceAreas)
      .set({ townId: laporte })
      .where(and(eq(contractorServiceAreas.contractorId, onlyWyoming), eq(contractorServiceAreas.townId, nicholson)));
    const after = await versions();
    expect(after[WYOMING]).toBeGreaterThan(before[WYOMING]!);
    expect(after[SULLIVAN]).toBeGreaterThan(before[SULLIVAN]!);
    // It now serves Laporte too: listed on both sites, each profile naming that county's towns.
    expect(ids(await app.ctx.directory.contractors(SULLIVAN, everyone))).toContain(onlyWyoming);
    expect((await app.ctx.directory.profile(SULLIVAN, onlyWyoming)).serviceAreas).toEqual(['Tunkhannock', 'Laporte']);
    expect((await app.ctx.directory.profile(WYOMING, onlyWyoming)).serviceAreas).toEqual(['Tunkhannock']);

    // And back, as a delete and an insert: both move again.
    const again = await versions();
    await app.ctx.db.transaction(async (tx) => {
      await tx
        .delete(contractorServiceAreas)
        .where(and(eq(contractorServiceAreas.contractorId, onlyWyoming), eq(contractorServiceAreas.townId, laporte)));
      await tx.insert(contractorServiceAreas).values({ contractorId: onlyWyoming, townId: nicholson });
    });
    const last = await versions();
    expect(last[WYOMING]).toBeGreaterThan(again[WYOMING]!);
    expect(last[SULLIVAN]).toBeGreaterThan(again[SULLIVAN]!);
    expect(ids(await app.ctx.directory.contractors(SULLIVAN, everyone))).not.toContain(onlyWyoming);
  });

  it("never answers one county's site with an answer kept for another's", async () => {
    {
      const path = '/api/contractors?pageSize=48&sort=name';
      for (let round = 0; round < 3; round++) {
        for (const [host, own, other] of [
          ['127.0.0.1', onlySullivan, onlyWyoming],
          ['wyoming.localhost', onlyWyoming, onlySullivan],
        ] as const) {
          for (const encoding of [{}, { 'Accept-Encoding': 'gzip' }] as Record<string, string>[]) {
            const res = await getOnHost(app.url, host, path, encoding);
            expect(res.status, host).toBe(200);
            if (!('Accept-Encoding' in encoding)) {
              const found = ids(res.json() as ContractorPage);
              expect(found, host).toContain(own);
              expect(found, host).not.toContain(other);
            }
          }
          expect((await getOnHost(app.url, host, `/api/contractors/${own}`)).status, host).toBe(200);
          expect((await getOnHost(app.url, host, `/api/contractors/${other}`)).status, host).toBe(404);
        }
      }
      // A town of the default county is no town on Wyoming's site, though the address is the same.
      const laporte = '/api/contractors?location=laporte&pageSize=48';
      expect(ids((await getOnHost(app.url, '127.0.0.1', laporte)).json() as ContractorPage)).toContain(onlySullivan);
      const elsewhere = await getOnHost(app.url, 'wyoming.localhost', laporte);
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.json().errors).toEqual({ location: 'Unknown location' });
      expect(ids((await getOnHost(app.url, '127.0.0.1', laporte)).json() as ContractorPage)).toContain(onlySullivan);
    }
  });

  it('a contractor with no town at all stays on the default county, as before counties', async () => {
    const row = await createContractor(app.ctx.db, { name: 'Aaa Townless Builders' });
    const before = await versions();
    await app.ctx.db.delete(contractorServiceAreas).where(eq(contractorServiceAreas.contractorId, row.id));
    await app.ctx.db.update(contractors).set({ homeTownId: null }).where(eq(contractors.id, row.id));
    const after = await versions();
    expect(after[SULLIVAN]).toBeGreaterThan(before[SULLIVAN]!);
    expect(after[WYOMING]).toBe(before[WYOMING]);
    expect(ids(await app.ctx.directory.contractors(SULLIVAN, everyone))).toContain(row.id);
    expect(ids(await app.ctx.directory.contractors(WYOMING, everyone))).not.toContain(row.id);
    // Its first town, in Wyoming: it leaves the default county for Wyoming, and both move.
    const moved = await versions();
    await app.ctx.db
      .insert(contractorServiceAreas)
      .values({ contractorId: row.id, townId: await townId(WYOMING, 'noxen') });
    const last = await versions();
    expect(last[SULLIVAN]).toBeGreaterThan(moved[SULLIVAN]!);
    expect(last[WYOMING]).toBeGreaterThan(moved[WYOMING]!);
    expect(ids(await app.ctx.directory.contractors(SULLIVAN, everyone))).not.toContain(row.id);
    expect(ids(await app.ctx.directory.contractors(WYOMING, everyone))).toContain(row.id);
    await app.ctx.db.delete(contractors).where(inArray(contractors.id, [row.id]));
  });
});
