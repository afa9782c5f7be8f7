import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { engagementLevels, rawEngagement } from './engagementLevels';

const tweet = (likes: number, replies = 0, retweets = 0) => ({ platform: 'twitter', additional_properties: { likes, replies, retweets } });

describe('engagement levels', () => {
  it('sums the platform statistics (and a hundredth of views)', () => {
    expect(rawEngagement(tweet(10, 2, 3))).toBe(15);
    expect(rawEngagement({ platform: 'reddit', additional_properties: { score: -5, comments: 4 } })).toBe(4);
    expect(rawEngagement({ platform: 'twitter', additional_properties: { likes: 1, views: 1000 } })).toBe(11);
    expect(rawEngagement({ platform: 'board', additional_properties: {} })).toBeNull();
  });

  it('top 25 % of a platform is high, bottom 25 % low, the rest medium', () => {
    const posts = Array.from({ length: 8 }, (_, i) => tweet(i * 10));
    expect(engagementLevels(posts).map((l) => l?.level)).toEqual(['low', 'low', 'medium', 'medium', 'medium', 'medium', 'high', 'high']);
  });

  it('ranks within each platform separately', () => {
    const posts = [tweet(1000), tweet(2000), { platform: 'gab', additional_properties: { favorites: 1, replies: 0, reblogs: 0 } },
      { platform: 'gab', additional_properties: { favorites: 5, replies: 0, reblogs: 0 } }];
    expect(engagementLevels(posts).map((l) => l?.level)).toEqual(['low', 'medium', 'low', 'medium']);
  });

  it('keeps ties together: zero-engagement posts are never high', () => {
    const posts = [...Array.from({ length: 9 }, () => tweet(0)), tweet(5)];
    const levels = engagementLevels(posts).map((l) => l?.level);
    expect(levels.slice(0, 9).every((l) => l === 'low')).toBe(true);
    expect(levels[9]).toBe('high');
  });

  it('gives null to posts without statistics', () => {
    expect(engagementLevels([{ platform: 'kiwifarms', additional_properties: {} }, { platform: 'twitter', additional_properties: null }])).toEqual([null, null]);
  });

  it('at most ~25 % + ties are high and levels are monotone in engagement (property)', () => {
    fc.assert(fc.property(fc.array(fc.nat(50), { minLength: 1, maxLength: 200 }), (likes) => {
      const levels = engagementLevels(likes.map((l) => tweet(l)));
      const rank = { low: 0, medium: 1, high: 2 } as const;
      for (let i = 0; i < likes.length; i++) {
        for (let j = 0; j < likes.length; j++) {
          if (likes[i]! < likes[j]!) expect(rank[levels[i]!.level]).toBeLessThanOrEqual(rank[levels[j]!.level]);
        }
      }
      expect(levels.filter((l) => l!.level === 'high').length).toBeLessThanOrEqual(Math.ceil(likes.length * 0.25));
    }), { numRuns: 200 });
  });
});
