import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeOrder } from './extract';
import { objectSource } from './postSource';

/** The order the engine defines: by time, ties by input index. */
function expected(times: readonly number[]): number[] {
  return times.map((_, i) => i).sort((x, y) => times[x]! - times[y]! || x - y);
}

function ordered(times: readonly number[]): number[] {
  const posts = objectSource(times.map((t, i) => ({ id: String(i), account_id: 'a', published_at: t })));
  const order = Int32Array.from(times, (_, i) => i);
  timeOrder(posts, order);
  return Array.from(order);
}

describe('timeOrder', () => {
  it('orders posts by time, ties by index: millisecond times over a month (the packed keys)', () => {
    const t0 = Date.UTC(2024, 2, 1);
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 30 * 86_400_000 }).map((d) => t0 + d), { maxLength: 300 }), (times) => {
      expect(ordered(times)).toEqual(expected(times));
    }));
    // many ties
    fc.assert(fc.property(fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 300 }), (times) => {
      expect(ordered(times)).toEqual(expected(times));
    }));
  });

  it('orders any finite times the same way (fractions and spans too wide for the packed keys)', () => {
    fc.assert(fc.property(fc.array(fc.double({ min: -1e15, max: 1e15, noNaN: true }), { maxLength: 300 }), (times) => {
      expect(ordered(times)).toEqual(expected(times));
    }));
    expect(ordered([0, 2 ** 52, 1, 2 ** 52, 0])).toEqual([0, 4, 2, 1, 3]);
  });
});
