import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engagementLevels } from '../engagement/engagementLevels';
import { engagementCuts, levelFor } from './engagementCuts';

/** The stored levels come from two cut values per platform; they must equal the engine's percentile rule. */
const countsOf = (values: readonly number[]) => {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count }));
};

describe('engagementCuts', () => {
  it('gives the same level as engagementLevels for every post of a platform', () => {
    fc.assert(fc.property(fc.array(fc.nat({ max: 40 }), { minLength: 1, maxLength: 200 }), (likes) => {
      const engine = engagementLevels(likes.map((l) => ({ platform: 'twitter', additional_properties: { likes: l, replies: 0, retweets: 0 } })));
      const cuts = engagementCuts(countsOf(likes));
      expect(likes.map((l) => levelFor(l, cuts))).toEqual(engine.map((e) => e!.level));
    }), { numRuns: 300 });
  });

  it('keeps ties together: a platform where most posts have no engagement has no high zero', () => {
    const cuts = engagementCuts(countsOf([0, 0, 0, 0, 0, 0, 5, 9]));
    expect(cuts).toEqual({ mediumFrom: 5, highFrom: 5, posts: 8 });
    expect([0, 5, 9].map((v) => levelFor(v, cuts))).toEqual(['low', 'high', 'high']);
  });

  it('needs four posts for a high, and a single post is low', () => {
    expect(engagementCuts(countsOf([1, 2, 3])).highFrom).toBeNull();
    expect(engagementCuts(countsOf([1, 2, 3, 4])).highFrom).toBe(4);
    expect(levelFor(100, engagementCuts(countsOf([100])))).toBe('low');
  });
});
