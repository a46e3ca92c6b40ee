import { describe, expect, it } from 'vitest';
import type { ContractorPage, PublicContractor } from '@shared/schemas/directory';
import { VersionedLru } from '@shared/versioned-lru';
import { renderPage, type RenderOptions } from '@/entry-server';
import { directoryData } from '../support/render-data';

const template = '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

const contractor = (name: string): PublicContractor => ({
  id: 1,
  name,
  location: 'Laporte, PA',
  description: 'Roofs and siding.',
  services: ['Roofing'],
  rating: 4.5,
  reviewCount: 10,
  verified: true,
  licenseNumber: 'PA1',
  featured: false,
});

function setup() {
  let page: ContractorPage = { contractors: [contractor('First Name Roofing')], total: 1, totalAll: 1, unverifiedMatches: 0, page: 1, pageSize: 6 };
  let reads = 0;
  const opts: RenderOptions = {
    config: { siteUrl: 'http://localhost:3000', payments: { provider: 'demo', publishableKey: null } },
    resolve: directoryData(async () => {
      reads++;
      return structuredClone(page);
    }).resolve,
    // The server's app owns this memo (ctx.directory.pages.rendered).
    pages: new VersionedLru<object>(256),
  };
  return { opts, change: (next: ContractorPage) => (page = next), reads: () => reads };
}

describe('server rendering reuses a page only while its data is unchanged', () => {
  it('answers the same document for the same data, read fresh each time', async () => {
    const { opts, reads } = setup();
    const first = await renderPage('/?reuse=1', template, opts);
    const second = await renderPage('/?reuse=1', template, opts);
    expect(first.html).toContain('First Name Roofing');
    expect(second.html).toBe(first.html);
    expect(reads()).toBe(2);
  });

  it('renders again as soon as the data changes', async () => {
    const { opts, change } = setup();
    const before = await renderPage('/?reuse=2', template, opts);
    change({ contractors: [contractor('Renamed Roofing')], total: 1, totalAll: 1, unverifiedMatches: 0, page: 1, pageSize: 6 });
    const after = await renderPage('/?reuse=2', template, opts);
    expect(before.html).toContain('First Name Roofing');
    expect(after.html).toContain('Renamed Roofing');
    expect(after.html).not.toContain('First Name Roofing');
  });

  it('never reuses a page whose data failed', async () => {
    const { opts } = setup();
    let fail = true;
    const failing: RenderOptions = { ...opts, resolve: async (key) => (fail ? Promise.reject(Object.assign(new Error('down'), { status: 503 })) : opts.resolve(key)) };
    const down = await renderPage('/?reuse=3', template, failing);
    fail = false;
    const up = await renderPage('/?reuse=3', template, failing);
    expect(down.status).toBe(503);
    expect(up.status).toBe(200);
    expect(up.html).toContain('First Name Roofing');
  });

  it('keeps the page it answers again frozen', async () => {
    const { opts } = setup();
    const kept: object[] = [];
    const memo = new VersionedLru<object>(8);
    const recording: RenderOptions = { ...opts, pages: { get: (url, inputs) => memo.get(url, inputs), set: (url, inputs, page) => (kept.push(page), memo.set(url, inputs, page)) } };
    await renderPage('/?reuse=4', template, recording);
    const page = kept[0] as { queries: { queries: { state: { data: ContractorPage } }[] } };
    expect(Object.isFrozen(page)).toBe(true);
    expect(() => (page.queries.queries[0]!.state.data.contractors as PublicContractor[]).push(contractor('Changed'))).toThrow(TypeError);
  });
});
