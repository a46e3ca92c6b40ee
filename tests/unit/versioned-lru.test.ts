import { describe, expect, it } from 'vitest';
import { VersionedLru } from '../../shared/versioned-lru';

describe('VersionedLru', () => {
  it('answers a key only for the stamp it was stored with', () => {
    const lru = new VersionedLru<string>(10);
    lru.set('/', 'inputs-1', 'page 1');
    expect(lru.get('/', 'inputs-1')).toBe('page 1');
    expect(lru.get('/', 'inputs-2')).toBeUndefined();
    expect(lru.get('/other', 'inputs-1')).toBeUndefined();
    lru.set('/', 7, 'page 2');
    expect(lru.get('/', 'inputs-1')).toBeUndefined();
    expect(lru.get('/', 7)).toBe('page 2');
  });

  it('drops the least recently used key when full', () => {
    const lru = new VersionedLru<number>(2);
    lru.set('a', 1, 1);
    lru.set('b', 1, 2);
    expect(lru.get('a', 1)).toBe(1); // a is now the most recent
    lru.set('c', 1, 3);
    expect(lru.get('b', 1)).toBeUndefined();
    expect(lru.get('a', 1)).toBe(1);
    expect(lru.get('c', 1)).toBe(3);
  });

  it('keeps every key used within the last max insertions, however often hits skip the move', () => {
    const max = 256;
    const lru = new VersionedLru<number>(max);
    for (let i = 0; i < max; i++) lru.set(`k${i}`, 1, i);
    // Use the oldest half again, then insert as many new keys as there are unused ones: the unused half goes.
    for (let round = 0; round < 3; round++) for (let i = 0; i < max / 2; i++) expect(lru.get(`k${i}`, 1)).toBe(i);
    for (let i = 0; i < max / 2; i++) lru.set(`n${i}`, 1, i);
    for (let i = 0; i < max / 2; i++) expect(lru.get(`k${i}`, 1), `k${i}`).toBe(i);
    for (let i = max / 2; i < max; i++) expect(lru.get(`k${i}`, 1), `k${i}`).toBeUndefined();
  });
});
