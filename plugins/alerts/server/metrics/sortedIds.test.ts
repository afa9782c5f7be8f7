import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedIds } from './sortedIds';

describe('SortedIds', () => {
  it('answers membership as a Set of the same ids does, in any input order', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 2000 })), fc.array(fc.integer({ min: 0, max: 2001 })), (ids, probes) => {
      const sorted = new SortedIds(ids);
      const set = new Set(ids);
      for (const p of [...probes, ...ids]) expect(sorted.has(p)).toBe(set.has(p));
    }), { numRuns: 500 });
  });

  it('holds nothing when empty', () => {
    expect(new SortedIds([]).has(1)).toBe(false);
    expect(new SortedIds([]).size).toBe(0);
  });
});
