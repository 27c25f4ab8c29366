/** Lru: the bound of the in-memory caches. */
import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('drops the least recently used beyond its bound, a read counting as a use', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('replaces a value in place, and forgets on delete and clear', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('a', 10);
    lru.set('b', 2);
    expect(lru.size).toBe(2);
    expect(lru.get('a')).toBe(10);
    lru.delete('a');
    expect(lru.get('a')).toBeUndefined();
    lru.clear();
    expect(lru.size).toBe(0);
  });

  it('keeps nothing with a bound of 0', () => {
    const lru = new Lru<string, number>(0);
    lru.set('a', 1);
    expect(lru.get('a')).toBeUndefined();
  });
});
