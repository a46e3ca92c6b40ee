import { describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import type { ContractorPage, PublicContractor } from '@shared/schemas/directory';
import { renderPage, type RenderOptions } from '@/entry-server';
import {
  browseHref,
  readBrowseState,
  readSearchCriteria,
  readSearchFilters,
  readSearchView,
  searchStateHref,
  unrecognizedFilters,
  type SearchFilters,
} from '@/features/directory/api';
import { directoryData } from '../support/render-data';

/**
 * The directory's filters as a browser without JavaScript sends them: in the address, as a plain
 * GET form writes it (repeated names, the licensed box's hidden 'false'), answered by the server
 * render (docs/decisions/0022-pages-without-javascript.md). The search page has 24 a page and the
 * sample data fewer, so its paging links are checked here rather than in the browser.
 */

const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

const contractor = (id: number): PublicContractor => ({
  id,
  name: `Contractor ${id}`,
  location: 'Laporte, PA',
  description: 'Kitchens.',
  services: ['Kitchen & Bathroom Remodeling'],
  rating: 4.5,
  reviewCount: 10,
  verified: false,
  licenseNumber: null,
  featured: false,
  logo: null,
  pausedUntil: null,
  replies: null,
  unclaimed: false,
});

async function renderSearch(url: string) {
  const { resolve, keys } = directoryData(async (key) => {
    const page = Number(key[1]?.page ?? 1);
    const result: ContractorPage = {
      contractors: [contractor(page * 100)],
      total: 60,
      totalAll: 60,
      unverifiedMatches: 0,
      page,
      pageSize: 24,
    };
    return result;
  });
  const opts: RenderOptions = {
    config: { siteUrl: 'http://localhost:3000', payments: { provider: 'demo', publishableKey: null } },
    region,
    resolve,
  };
  const res = await renderPage(url, template, opts);
  return { keys, html: res.html };
}

const decode = (html: string) => html.replaceAll('&amp;', '&');

describe('search page filters in the address', () => {
  it('reads the form encoding: repeated ratings, the last licensed value, page', () => {
    const read = (qs: string) => readSearchFilters(new URLSearchParams(qs));
    expect(read('')).toEqual({ sort: 'rating', ratings: [], licensed: true, page: 1 });
    expect(read('sort=name&rating=5&rating=4&licensed=false&page=3')).toEqual({
      sort: 'name',
      ratings: [5, 4],
      licensed: false,
      page: 3,
    });
    // The hidden 'false' then the ticked box's 'true'.
    expect(read('licensed=false&licensed=true').licensed).toBe(true);
    expect(read('rating=5,4').ratings).toEqual([5, 4]);
    // Nonsense falls back to the defaults.
    expect(read('sort=location&rating=7&page=-2')).toEqual({ sort: 'rating', ratings: [], licensed: true, page: 1 });
    expect(readSearchView(new URLSearchParams('view=list'))).toBe('list');
    expect(readSearchView(new URLSearchParams('view=table'))).toBe('grid');
  });

  it('writes an address that reads back to the same state, leaving out defaults', () => {
    const filters: SearchFilters = { sort: 'reviews', ratings: [4, 5], licensed: false, page: 2 };
    const href = searchStateHref({ service: 'electrical', location: 'laporte' }, filters, 'list');
    expect(href).toBe(
      '/search?service=electrical&location=laporte&sort=reviews&view=list&rating=5%2C4&licensed=false&page=2',
    );
    const back = new URLSearchParams(href.split('?')[1]);
    expect(readSearchFilters(back)).toEqual({ ...filters, ratings: [5, 4] });
    expect(
      searchStateHref({ service: '', location: '' }, { sort: 'rating', ratings: [], licensed: true, page: 1 }, 'grid'),
    ).toBe('/search');
  });

  it('the server render answers the filters in the address and pages by links that keep them', async () => {
    const { keys, html } = await renderSearch(
      '/search?service=kitchen-bath&location=&sort=name&view=list&rating=4&licensed=false&page=2',
    );
    expect(keys).toEqual([
      ['/api/contractors/search', { service: 'kitchen-bath', sort: 'name', minRating: '4', page: '2' }],
    ]);
    const page = decode(html);
    expect(page).toContain('href="/search?service=kitchen-bath&sort=name&view=list&rating=4&licensed=false&page=3"');
    expect(page).toContain('href="/search?service=kitchen-bath&sort=name&view=list&rating=4&licensed=false"');
    expect(page).toContain('Page 2 of 3');
    // The filters show what the address says.
    expect(page).toMatch(/<option value="name" selected="">Name A-Z<\/option>/);
    expect(page).toMatch(/<input[^>]*id="search-licensed"(?![^>]*checked)[^>]*>/);
    expect(page).toMatch(
      /<input[^>]*id="search-rating-4"[^>]*checked=""[^>]*>|<input[^>]*checked=""[^>]*id="search-rating-4"[^>]*>/,
    );
    expect(page).toMatch(/aria-pressed="true"[^>]*aria-label="List view"/);
  });

  it('without filters in the address the render is what it was: licensed only, first page', async () => {
    const { keys } = await renderSearch('/search?service=kitchen-bath');
    expect(keys).toEqual([['/api/contractors/search', { service: 'kitchen-bath', licensed: 'true' }]]);
  });
});

describe('browse page filters in the address', () => {
  it('reads repeated services and ratings as a form sends them, and writes the comma form', () => {
    const state = readBrowseState(
      new URLSearchParams('service=electrical&service=hvac&location=&sort=name&view=list&rating=5&rating=4'),
      region,
    );
    expect(state).toEqual({
      services: ['electrical', 'hvac'],
      location: '',
      sort: 'name',
      view: 'list',
      ratings: [5, 4],
      page: 1,
    });
    expect(browseHref(state)).toBe('/browse?service=electrical%2Chvac&sort=name&view=list&rating=5%2C4');
    expect(readBrowseState(new URLSearchParams('service=electrical,hvac&rating=5,4'), region)).toMatchObject({
      services: ['electrical', 'hvac'],
      ratings: [5, 4],
    });
  });
});

describe('filter values nobody recognizes (an old link)', () => {
  const q = (qs: string) => new URLSearchParams(qs);

  it('are left out of the search, which keeps the values it knows', () => {
    expect(readSearchCriteria(q('service=Underwater&location=laporte'), region)).toEqual({
      service: '',
      location: 'laporte',
    });
    expect(readSearchCriteria(q('service=roofing,Underwater&location=Atlantis'), region)).toEqual({
      service: 'roofing',
      location: '',
    });
    expect(readSearchCriteria(q('service=Kitchen %26 Bathroom Remodeling&location=Laporte Borough'), region)).toEqual({
      service: 'Kitchen & Bathroom Remodeling',
      location: 'Laporte Borough',
    });
    expect(readSearchCriteria(q('service=all&location=all'), region)).toEqual({ service: '', location: '' });
  });

  it('are named, saying whether other values of the same filter still apply', () => {
    expect(unrecognizedFilters(q('service=Underwater&location=Atlantis'), region)).toEqual([
      { name: 'service', value: 'Underwater', othersKept: false },
      { name: 'location', value: 'Atlantis', othersKept: false },
    ]);
    expect(unrecognizedFilters(q('service=electrical&service=Underwater'), region)).toEqual([
      { name: 'service', value: 'Underwater', othersKept: true },
    ]);
    expect(unrecognizedFilters(q('service=all&location=&sort=bogus'), region)).toEqual([]);
  });

  it('the server render asks for the known filters only and names the others, so it answers 200 with results', async () => {
    const { keys, html } = await renderSearch('/search?service=Underwater&location=laporte');
    expect(keys).toEqual([['/api/contractors/search', { location: 'laporte', licensed: 'true' }]]);
    expect(html).toContain('Service “Underwater” was not recognized, so every service is shown.');
  });
});

describe('a page past the end', () => {
  it('says so and links to the last page, with the filters kept', async () => {
    const { html } = await renderSearch('/search?sort=name&page=9');
    const page = decode(html);
    expect(page).toContain('No page 9');
    expect(page).toContain('These results have 3 pages.');
    expect(page).toContain('href="/search?sort=name&page=3"');
    expect(page).not.toContain('Page 9 of 3');
  });
});
