import { describe, expect, it } from 'vitest';
import { CONTINUES_AT_JACCARD, matchNarratives } from './lineage';

const posts = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => String(from + i));

describe('matchNarratives', () => {
  it('a narrative continues the earlier one it shares most posts with, one to one', () => {
    const previous = new Map([['old-a', new Set(posts(0, 100))], ['old-b', new Set(posts(100, 140))]]);
    // old-a split: 60 of its posts in one new narrative, 40 in another; old-b moved on (30 of 40 kept, 10 new).
    const current = new Map([['new-1', posts(0, 60)], ['new-2', posts(60, 100)], ['new-3', [...posts(110, 140), ...posts(500, 510)]]]);
    expect(matchNarratives(current, previous)).toEqual(new Map([['new-1', 'old-a'], ['new-3', 'old-b']]));
  });

  it(`needs a Jaccard overlap of ${CONTINUES_AT_JACCARD} or more`, () => {
    const previous = new Map([['old', new Set(posts(0, 100))]]);
    expect(matchNarratives(new Map([['new', posts(70, 170)]]), previous)).toEqual(new Map()); // 30 / 170
    expect(matchNarratives(new Map([['new', posts(50, 150)]]), previous)).toEqual(new Map([['new', 'old']])); // 50 / 150
  });
});
