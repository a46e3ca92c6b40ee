import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountySummary } from '@shared/schemas/region';
import { adminClient } from '../support/admin-session';
import { getOnHost } from '../support/host-request';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The administrator adds a county from the admin area as `npm run region:add` does
 * (docs/decisions/0098-counties-are-data.md); its host then answers it. Admins only.
 */
describe('the admin Counties API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('is for administrators only', async () => {
    const anyone = app.client();
    expect((await anyone.get('/api/admin/counties')).status).toBe(401);
    expect((await anyone.post('/api/admin/counties', { county: 'wyoming' })).status).toBe(401);
  });

  it('lists the default county, adds Wyoming, and refuses it twice, an unknown county and a bad body with clear messages', async () => {
    const admin = await adminClient(app);
    const before = await admin.get<{ counties: CountySummary[] }>('/api/admin/counties');
    expect(before.status).toBe(200);
    expect(before.body.counties).toEqual([
      expect.objectContaining({ slug: 'sullivan', isDefault: true, siteTitle: 'Sullivan County Contractors' }),
    ]);

    const added = await admin.post<CountySummary>('/api/admin/counties', { county: 'Wyoming County' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      slug: 'wyoming',
      name: 'Wyoming County',
      siteTitle: 'Wyoming County Contractors',
      isDefault: false,
    });
    expect(added.body.towns).toBeGreaterThan(5);
    expect((await getOnHost(app.url, 'wyoming.localhost', '/api/region')).json()).toMatchObject({ slug: 'wyoming' });

    const twice = await admin.post('/api/admin/counties', { county: 'wyoming' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Wyoming County has already been added');
    const unknown = await admin.post('/api/admin/counties', { county: 'Atlantis' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      message: "No Pennsylvania county is called 'Atlantis'",
      errors: { county: 'Not a Pennsylvania county: check the spelling' },
    });
    for (const body of [{}, { county: 'x' }, { county: 'y'.repeat(41) }, { county: 7 }]) {
      const res = await admin.post('/api/admin/counties', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['county']);
    }
    const after = await admin.get<{ counties: CountySummary[] }>('/api/admin/counties');
    expect(after.body.counties.map((c) => c.slug)).toEqual(['sullivan', 'wyoming']);
  });
});
