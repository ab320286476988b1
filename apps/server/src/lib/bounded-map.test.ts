import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.ts';

describe('BoundedMap', () => {
  it('keeps what it is given up to its limit', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect(map.size).toBe(3);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([1, 2, 3]);
    expect(map.has('b')).toBe(true);
    expect(map.get('d')).toBeUndefined();
  });

  it('forgets the oldest entry when one more is set', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3).set('d', 4);
    expect(map.size).toBe(3);
    expect(map.has('a')).toBe(false);
    expect([map.get('b'), map.get('c'), map.get('d')]).toEqual([2, 3, 4]);
  });

  it('makes a key set again the newest, without forgetting another for it', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3);
    map.set('a', 10);
    expect(map.size).toBe(3);
    map.set('d', 4);
    expect(map.has('b')).toBe(false);
    expect([map.get('a'), map.get('c'), map.get('d')]).toEqual([10, 3, 4]);
  });

  it('makes room again when entries are deleted or cleared', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.delete('a')).toBe(true);
    expect(map.delete('a')).toBe(false);
    map.set('c', 3);
    expect([map.get('b'), map.get('c')]).toEqual([2, 3]);
    map.clear();
    expect(map.size).toBe(0);
    map.set('d', 4).set('e', 5);
    expect(map.size).toBe(2);
  });

  it('holds a million distinct keys in no more than its limit', () => {
    const map = new BoundedMap<number, number>(1_000);
    for (let key = 0; key < 1_000_000; key += 1) map.set(key, key);
    expect(map.size).toBe(1_000);
    expect(map.get(999_999)).toBe(999_999);
    expect(map.get(998_999)).toBeUndefined();
  });

  it('refuses a limit that holds nothing', () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError);
    expect(() => new BoundedMap(1.5)).toThrow(RangeError);
  });
});
