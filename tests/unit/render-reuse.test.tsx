import { describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import type { ContractorPage, PublicContractor } from '@shared/schemas/directory';
import { deepFreeze } from '@shared/deep-freeze';
import { render, renderPage, type RenderOptions } from '@/entry-server';
import { PageCache } from '../../server/render/page-cache';
import { directoryData } from '../support/render-data';

const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

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
  logo: null,
  pausedUntil: null,
  replies: null,
  unclaimed: false,
});

function setup() {
  // Frozen and handed out again while unchanged, as the read model does.
  let page = deepFreeze<ContractorPage>({
    contractors: [contractor('First Name Roofing')],
    total: 1,
    totalAll: 1,
    unverifiedMatches: 0,
    page: 1,
    pageSize: 6,
  });
  let reads = 0;
  const opts: RenderOptions = {
    config: { siteUrl: 'http://localhost:3000', payments: { provider: 'demo', publishableKey: null } },
    region,
    resolve: directoryData(async () => {
      reads++;
      return page;
    }).resolve,
    // The server's app owns this memo (server/render/page-cache.ts).
    pages: new PageCache().renderedFor('sullivan'),
  };
  return { opts, change: (next: ContractorPage) => (page = deepFreeze(next)), current: () => page, reads: () => reads };
}

describe('server rendering reuses a page only while its data is unchanged', () => {
  it('answers the same page for the same answers, read each time', async () => {
    const { opts, reads } = setup();
    const first = await render('/?reuse=1', opts);
    const second = await render('/?reuse=1', opts);
    expect(first.kind === 'page' && first.html).toContain('First Name Roofing');
    expect(second).toBe(first);
    expect(reads()).toBe(2);
  });

  it('renders again for an answer that is a new object, even with the same data, with the same document', async () => {
    const { opts, change, current } = setup();
    const first = await render('/?reuse=5', opts);
    const before = await renderPage('/?reuse=5', template, opts);
    change(structuredClone(current()) as ContractorPage);
    const again = await render('/?reuse=5', opts);
    const after = await renderPage('/?reuse=5', template, opts);
    expect(again).not.toBe(first);
    // The same markup (the data it hands to the browser carries when it was read).
    const markup = (html: string) => html.split('<script id="__BOOT__"')[0];
    expect(markup(after.html)).toBe(markup(before.html));
  });

  it('renders again as soon as the data changes', async () => {
    const { opts, change } = setup();
    const before = await renderPage('/?reuse=2', template, opts);
    change({
      contractors: [contractor('Renamed Roofing')],
      total: 1,
      totalAll: 1,
      unverifiedMatches: 0,
      page: 1,
      pageSize: 6,
    });
    const after = await renderPage('/?reuse=2', template, opts);
    expect(before.html).toContain('First Name Roofing');
    expect(after.html).toContain('Renamed Roofing');
    expect(after.html).not.toContain('First Name Roofing');
  });

  it('never reuses a page whose data failed', async () => {
    const { opts } = setup();
    let fail = true;
    const failing: RenderOptions = {
      ...opts,
      resolve: async (key) =>
        fail ? Promise.reject(Object.assign(new Error('down'), { status: 503 })) : opts.resolve(key),
    };
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
    const memo = new PageCache().renderedFor('sullivan');
    const recording: RenderOptions = {
      ...opts,
      pages: {
        get: (url, reads) => memo.get(url, reads),
        set: (url, reads, page) => (kept.push(page), memo.set(url, reads, page)),
      },
    };
    await renderPage('/?reuse=4', template, recording);
    const page = kept[0] as { queries: { queries: { state: { data: ContractorPage } }[] } };
    expect(Object.isFrozen(page)).toBe(true);
    expect(() =>
      (page.queries.queries[0]!.state.data.contractors as PublicContractor[]).push(contractor('Changed')),
    ).toThrow(TypeError);
  });
});
