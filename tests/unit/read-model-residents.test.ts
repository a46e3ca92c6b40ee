import { describe, expect, it } from 'vitest';
import { Residents } from '../../server/directory/residents';
import { snapshotBytes } from '../../server/directory/snapshot';
import { inputKey } from '../../server/http/query-routes';
import { PageCache, pageKey } from '../../server/render/page-cache';

/** The counties' read models in memory (docs/decisions/0101-read-model-per-county.md): least recently used first out, idle ones dropped, under a budget. */
function residents(budgetBytes: number, idleMs = 60_000) {
  let now = 1_000_000;
  const dropped: string[] = [];
  const r = new Residents<{ county: string }>({
    budgetBytes,
    idleMs,
    now: () => now,
    onEvict: (key, why) => dropped.push(`${key}:${why}`),
  });
  const use = (county: string) => r.use(county, () => ({ county }));
  return { r, use, dropped, tick: (ms: number) => (now += ms) };
}

describe('the counties in memory', () => {
  it('makes an entry once, on first use, and hands the same one out after', () => {
    const { use } = residents(100);
    const a = use('sullivan');
    expect(use('sullivan')).toBe(a);
    expect(use('wyoming')).not.toBe(a);
  });

  it('drops the least recently used others while over the budget, never the entry being filled', () => {
    const { r, use, dropped } = residents(100);
    use('sullivan');
    r.setBytes('sullivan', 40);
    use('wyoming');
    r.setBytes('wyoming', 40);
    use('bradford');
    // Sullivan is used again: Wyoming is now the least recently used.
    use('sullivan');
    use('bradford');
    r.setBytes('bradford', 40);
    expect(dropped).toEqual(['wyoming:budget']);
    expect(r.held().map((h) => h.key)).toEqual(['sullivan', 'bradford']);
    expect(r.bytes).toBe(80);
    // A county larger than the whole budget is still held, alone.
    use('lycoming');
    r.setBytes('lycoming', 500);
    expect(r.held().map((h) => h.key)).toEqual(['lycoming']);
    expect(dropped).toEqual(['wyoming:budget', 'sullivan:budget', 'bradford:budget']);
    expect(r.bytes).toBe(500);
  });

  it('counts a reloaded entry by its new size, not twice', () => {
    const { r, use } = residents(100);
    use('sullivan');
    r.setBytes('sullivan', 60);
    r.setBytes('sullivan', 70);
    expect(r.bytes).toBe(70);
    expect(
      r.holds(
        'sullivan',
        r.use('sullivan', () => ({ county: 'other' })),
      ),
    ).toBe(true);
  });

  it('drops the entries not used for longer than the idle time, and makes them again when asked', () => {
    const { r, use, dropped, tick } = residents(1_000, 60_000);
    const first = use('wyoming');
    r.setBytes('wyoming', 10);
    use('sullivan');
    tick(30_000);
    use('sullivan');
    tick(40_000);
    use('sullivan');
    expect(dropped).toEqual(['wyoming:idle']);
    expect(r.held().map((h) => h.key)).toEqual(['sullivan']);
    expect(r.bytes).toBe(0);
    expect(r.holds('wyoming', first)).toBe(false);
    expect(use('wyoming')).not.toBe(first);
  });

  it('estimates a snapshot by its rows: more rows, more bytes', () => {
    expect(snapshotBytes(10_000, 30_000, 8192, 2000)).toBeGreaterThan(snapshotBytes(100, 300, 656, 164));
    expect(snapshotBytes(10_000, 30_000, 8192, 2000)).toBeGreaterThan(10_000 * 1024);
  });
});

describe('what is kept by the HTTP layer and the page handler', () => {
  it("keeps parsed inputs and pages by county: one county's address is never another's", () => {
    expect(inputKey('sullivan', '/api/contractors', '/api/contractors?location=washington-township')).not.toBe(
      inputKey('wyoming', '/api/contractors', '/api/contractors?location=washington-township'),
    );
    expect(pageKey('sullivan', '/browse')).not.toBe(pageKey('wyoming', '/browse'));
    const cache = new PageCache();
    const reads = [{}];
    const page = { html: 'Sullivan' };
    cache.renderedFor('sullivan').set('/browse', reads, page);
    expect(cache.renderedFor('sullivan').get('/browse', reads)).toBe(page);
    expect(cache.renderedFor('wyoming').get('/browse', reads)).toBeUndefined();
  });
});
