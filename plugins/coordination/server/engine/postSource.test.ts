import { describe, expect, it } from 'vitest';
import { generateCorpusB, generatePlantedCorpus } from '../../evaluation';
import { detectCoordination, detectCoordinationPacked } from './detect';
import { packedSource, packPosts } from './postSource';
import type { CoordinationResult, CoordPost } from './types';

/**
 * The pipeline stage detects on the packed columns (ADR 0016), the public API on objects: both must give the same
 * clusters, edges, evidence samples, proving posts and statistics (timings aside).
 */
function comparable(r: CoordinationResult) {
  const { timingsMs: _timings, ...stats } = r.stats;
  return { clusters: r.clusters, accountCluster: [...r.accountCluster], postClusters: [...r.postClusters], stats };
}

/**
 * As the stage reads a run: numeric post ids in id order (the generator's order), which the engine puts in time
 * order, and no engagement score (the stage reads none; the packed layout has no column for it).
 */
function numbered(posts: readonly CoordPost[]): CoordPost[] {
  return posts.map((p, i) => ({ ...p, id: String(i + 1), engagement_score: null }));
}

describe('packed posts', () => {
  it('give the same detection as the objects (generator A, with campaigns of every evidence type)', () => {
    const corpus = generatePlantedCorpus({ posts: 20_000, seed: 5 });
    const posts = numbered(corpus.posts);
    const byTime = [...posts].sort((a, b) => a.published_at - b.published_at);
    const objects = detectCoordination({ posts: byTime, accounts: corpus.accounts });
    const packed = detectCoordinationPacked({ posts: packPosts(posts), accounts: corpus.accounts });
    expect(objects.clusters.length).toBeGreaterThan(3);
    expect(comparable(packed)).toEqual(comparable(objects));
  });

  it('give the same detection as the objects (generator B)', () => {
    const corpus = generateCorpusB({ organicPosts: 15_000, seed: 11, sizeRange: [5, 120] });
    const posts = numbered(corpus.posts);
    const objects = detectCoordination({ posts, accounts: corpus.accounts });
    const packed = detectCoordinationPacked({ posts: packPosts(posts), accounts: corpus.accounts });
    expect(objects.clusters.length).toBeGreaterThan(1);
    expect(comparable(packed)).toEqual(comparable(objects));
  });

  it('keep every field: ids, accounts, platforms, reposts, links and hashtags in order, non-ASCII and BOM texts', () => {
    const posts: CoordPost[] = [
      { id: '7', account_id: '3', published_at: 5, text: '\uFEFFcafé 🙂 naïve', urls: ['https://a.example/x', 'https://b.example/é'], hashtags: ['b', 'a', 'b'], platform: 'twitter' },
      { id: '9', account_id: '4', published_at: 2, repost_of: 'twitter:1', platform: null },
      { id: '12', account_id: '3', published_at: 9, text: '', urls: [], hashtags: null },
    ];
    const s = packedSource(packPosts(posts));
    expect(s.n).toBe(3);
    expect([0, 1, 2].map((i) => [s.id(i), s.account(i), s.time(i), s.platform(i), s.repostOf(i), s.text(i), s.hasText(i)])).toEqual([
      ['7', '3', 5, 'twitter', null, '\uFEFFcafé 🙂 naïve', true],
      ['9', '4', 2, null, 'twitter:1', null, false],
      ['12', '3', 9, null, null, null, false],
    ]);
    expect(Array.from({ length: s.urlCount(0) }, (_, k) => s.url(0, k))).toEqual(['https://a.example/x', 'https://b.example/é']);
    expect(Array.from({ length: s.hashtagCount(0) }, (_, k) => s.hashtag(0, k))).toEqual(['b', 'a', 'b']);
    expect([s.urlCount(1), s.hashtagCount(1), s.urlCount(2), s.hashtagCount(2)]).toEqual([0, 0, 0, 0]);
  });

  it('refuse post ids that are not integers (the packed layout stores them as numbers)', () => {
    expect(() => packPosts([{ id: 'p1', account_id: 'a', published_at: 0 }])).toThrow(/not an integer/);
  });
});
