import { describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import { routeData } from '@/app/route-data';
import { routes } from '@/app/routes';

/** The server's reads are kept apart from the route table (docs/decisions/0064-bundle-cutting.md); they must still name real, server-rendered pages. */
describe('the server renderer reads by route', () => {
  it('names only paths of the route table that are rendered on the server', () => {
    const rendered = new Set(routes.filter((r) => r.ssr).map((r) => r.path));
    for (const path of Object.keys(routeData)) expect(rendered, path).toContain(path);
  });

  it('reads the profile with its reviews as a part that may fail', () => {
    const input = { params: { id: '7' }, search: new URLSearchParams('page=2') };
    expect(routeData['/contractor/:id']!.data!(input, region)).toEqual([['/api/contractors/7']]);
    expect(routeData['/contractor/:id']!.secondaryData!(input, region)).toEqual([
      ['/api/contractors/7/reviews', { page: '2' }],
    ]);
  });
});
