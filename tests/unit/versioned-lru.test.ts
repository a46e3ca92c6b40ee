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
});
