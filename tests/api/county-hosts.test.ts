import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regions } from '../../server/db/schema';
import { addCounty } from '../../server/counties/counties';
import { getOnHost } from '../support/host-request';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A request's county is found by its host name (docs/decisions/0099-county-by-host.md): the
 * default county on the bare addresses, another county on its own host, a 404 on a host that is
 * no county's, never another county's data. On the embedded database and the PostgreSQL server.
 */
describe('the county of a request, by host name', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('serves the only county on any host while there is one, as before', async () => {
    const res = await getOnHost(app.url, 'contractors.internal', '/api/contractors?pageSize=1');
    expect(res.status).toBe(200);
    expect((await getOnHost(app.url, 'contractors.internal', '/api/region')).json().slug).toBe('sullivan');
  });

  it("once a second county exists, answers each host with its own county and an unknown host with a 404, never the default county's data", async () => {
    await addCounty(app.ctx, 'wyoming');
    const bare = await getOnHost(app.url, 'localhost', '/api/region');
    expect(bare.json()).toMatchObject({ slug: 'sullivan' });
    expect((await getOnHost(app.url, 'sullivan.localhost', '/api/region')).json()).toMatchObject({ slug: 'sullivan' });
    const wyoming = await getOnHost(app.url, 'wyoming.localhost', '/api/region');
    expect(wyoming.status).toBe(200);
    expect(wyoming.json()).toMatchObject({ slug: 'wyoming', name: 'Wyoming County' });
    expect(wyoming.json().towns.map((t: { slug: string }) => t.slug)).toContain('tunkhannock');

    // Its site is open (docs/decisions/0105-county-sites-open.md): its own directory, which none of
    // the default county's contractors serve, and its own pages; nothing of the default county's.
    const directory = await getOnHost(app.url, 'wyoming.localhost', '/api/contractors?pageSize=48');
    expect(directory.status).toBe(200);
    expect(directory.json().total).toBe(0);
    const sullivanFirst = (await getOnHost(app.url, 'localhost', '/api/contractors?pageSize=1')).json().contractors[0]
      .id;
    expect((await getOnHost(app.url, 'wyoming.localhost', `/api/contractors/${sullivanFirst}`)).status).toBe(404);
    expect((await getOnHost(app.url, 'wyoming.localhost', '/api/contractors?location=tunkhannock')).status).toBe(200);
    expect((await getOnHost(app.url, 'wyoming.localhost', '/api/contractors?location=laporte')).status).toBe(400);

    for (const host of ['nowhere.localhost', 'evil.example', 'wyoming.evil.example']) {
      const api = await getOnHost(app.url, host, '/api/contractors?pageSize=1');
      expect(api.status, host).toBe(404);
      expect(api.json().message).toContain('Site Not Found');
      const html = await getOnHost(app.url, host, '/browse', { Accept: 'text/html' });
      expect(html.status, host).toBe(404);
      expect(html.text).toContain('<h1>Site Not Found</h1>');
      expect(html.text).not.toContain(host);
    }
    // The health check answers on any host: load balancers probe with their own.
    expect((await getOnHost(app.url, 'nowhere.localhost', '/api/health')).status).toBe(200);
    // The default county's site is unchanged on the bare addresses.
    expect((await getOnHost(app.url, '127.0.0.1', '/api/contractors?pageSize=1')).status).toBe(200);
  });

  it("answers a county's own public URL as its site, read again when the row changes", async () => {
    expect((await getOnHost(app.url, 'wyoming-contractors.example.com', '/api/region')).status).toBe(404);
    await app.ctx.db
      .update(regions)
      .set({ publicUrl: 'https://wyoming-contractors.example.com' })
      .where(eq(regions.slug, 'wyoming'));
    const res = await getOnHost(app.url, 'wyoming-contractors.example.com', '/api/region');
    expect(res.status).toBe(200);
    expect(res.json().slug).toBe('wyoming');
  });
});
