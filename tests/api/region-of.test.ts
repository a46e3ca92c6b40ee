import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import { regions } from '../../server/db/schema';
import { regionOf } from '../../server/counties/region-of';
import { addCounty } from '../../server/counties/counties';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The Region a county's pages are rendered with and carry to the browser
 * (docs/decisions/0102-region-in-boot-data.md): the default county's is shared/region.ts's object
 * itself, read from no row; another county's is built from its rows and its template, the same
 * object until its rows change. On the embedded database and on the PostgreSQL server.
 */
describe('regionOf', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("answers the default county with the region module's object, towns, aliases and groupings as they are", async () => {
    expect(await regionOf(app.ctx, region.slug)).toBe(region);
  });

  it("builds an added county from its rows, with its template's wording and rules, and keeps it until the county changes", async () => {
    await addCounty(app.ctx, 'Wyoming County');
    const wyoming = await regionOf(app.ctx, 'wyoming');
    expect(wyoming).toMatchObject({
      slug: 'wyoming',
      county: 'Wyoming County',
      state: 'PA',
      stateName: region.stateName,
      displayName: 'Wyoming County, PA',
      allLocationsLabel: 'All of Wyoming County',
      siteTitle: 'Wyoming County Contractors',
      shortTitle: 'Wyoming Co. Contractors',
      timeZone: region.timeZone,
      supportEmail: region.supportEmail,
      credentials: region.credentials,
      budgetOptions: region.budgetOptions,
    });
    expect(wyoming.towns.find((t) => t.slug === 'tunkhannock')).toMatchObject({
      name: 'Tunkhannock',
      geo: { lat: expect.any(Number), lng: expect.any(Number) },
    });
    expect(wyoming.towns.some((t) => t.slug === 'laporte')).toBe(false);
    expect(wyoming.services.map((s) => s.slug)).toEqual(region.services.map((s) => s.slug));
    expect(wyoming.quoteServices).toEqual(region.quoteServices);
    // The same object while nothing changed: the page memo compares it by identity.
    expect(await regionOf(app.ctx, 'wyoming')).toBe(wyoming);

    await app.ctx.db
      .update(regions)
      .set({ tagline: 'Serving Tunkhannock & All Wyoming County' })
      .where(eq(regions.slug, 'wyoming'));
    const changed = await regionOf(app.ctx, 'wyoming');
    expect(changed).not.toBe(wyoming);
    expect(changed.tagline).toBe('Serving Tunkhannock & All Wyoming County');
  });

  it('refuses a county that does not exist, and reads again next time', async () => {
    await expect(regionOf(app.ctx, 'atlantis')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(regionOf(app.ctx, 'atlantis')).rejects.toMatchObject({ kind: 'not_found' });
  });
});
