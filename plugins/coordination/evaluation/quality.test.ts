/**
 * Quality targets of analysis.md ("Coordination", "Copypasta and near-duplicates") on the planted-campaign
 * generator. Time and memory targets live in bench/coordination.bench.ts, not here.
 */
import { describe, expect, it } from 'vitest';
import { EVIDENCE_TYPES } from '../shared/types';
import { DEFAULT_CONFIG } from '../server/engine/config';
import { detectCoordination } from '../server/engine/detect';
import { evaluateCopypasta, evaluateDetection } from './evaluate';
import { generatePlantedCorpus, plantedEdgeTypes } from './plantedCampaigns';

const SLOW = 120_000; // generous for a shared 2-core machine; about 10 s when it is idle

describe('planted campaigns (150k posts, 12 campaigns of 5-200 accounts, all eight types)', () => {
  const corpus = generatePlantedCorpus({ posts: 150_000, seed: 2024, campaigns: 12 });

  it('covers all eight evidence types, dilutes coordinated acts to 10-30 % and keeps ids uninformative', () => {
    const planted = new Set(corpus.truth.campaigns.flatMap((c) => c.types));
    expect([...planted].sort()).toEqual([...EVIDENCE_TYPES].sort());
    const sizes = corpus.truth.campaigns.map((c) => c.accounts.length);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(200);
    expect(corpus.posts.length).toBeGreaterThan(140_000);
    const [a, b] = corpus.truth.campaigns[0]!.accounts;
    expect(plantedEdgeTypes(corpus.truth, a!, b!)).toEqual(corpus.truth.campaigns[0]!.types);
    expect(plantedEdgeTypes(corpus.truth, a!, 'nobody')).toEqual([]);
    expect(corpus.accounts.every((x) => /^a\d+$/.test(x.id))).toBe(true);
  });

  it('meets precision >= 0.95, recall >= 0.90, ARI >= 0.90, evidence types >= 0.98', () => {
    const result = detectCoordination({ posts: corpus.posts, accounts: corpus.accounts });
    const ev = evaluateDetection(result.clusters, corpus.truth);
    expect(ev.accountPrecision).toBeGreaterThanOrEqual(0.95);
    expect(ev.accountRecall).toBeGreaterThanOrEqual(0.9);
    expect(ev.ari).toBeGreaterThanOrEqual(0.9);
    expect(ev.evidenceAccuracy).toBeGreaterThanOrEqual(0.98);
    expect(ev.evidenceLabels).toBeGreaterThan(1000);
    expect(ev.spuriousClusters5).toBe(0);
    // every campaign is found, mostly in one cluster
    for (const c of ev.perCampaign) {
      expect(c.found / c.size, `campaign ${c.id} (${c.kind})`).toBeGreaterThanOrEqual(0.8);
      expect(c.clusters, `campaign ${c.id} (${c.kind})`).toBe(1);
    }
  }, SLOW);
});

describe('organic background only (150k posts, nothing planted)', () => {
  it('finds no cluster of 5 or more accounts', () => {
    const corpus = generatePlantedCorpus({ posts: 150_000, seed: 99, campaigns: 0 });
    expect(corpus.truth.campaigns).toHaveLength(0);
    const result = detectCoordination({ posts: corpus.posts, accounts: corpus.accounts });
    expect(result.clusters.filter((c) => c.vertices.length >= 5)).toEqual([]);
    // the background is not trivially quiet: viral crowds were seen and capped, pairs were weighed and rejected
    expect(result.stats.crowdedActs.SYNCHRONOUS_REPOST).toBeGreaterThan(0);
    expect(result.stats.pairs.SYNCHRONOUS_HASHTAG_SHARE).toBeGreaterThan(10_000);
  }, SLOW);
});

describe('copypasta near-duplicates (variants edited up to 30 % of their words)', () => {
  it('recall >= 0.97 for Jaccard >= 0.6, precision >= 0.99 against organic text, candidates <= 3x true pairs', () => {
    const corpus = generatePlantedCorpus({
      posts: 120_000, seed: 31, campaigns: 6, kinds: ['copypasta', 'url', 'copypasta+creation'], copypastaEditRate: [0, 0.3],
    });
    const ev = evaluateCopypasta(corpus.posts, corpus.truth, { ...DEFAULT_CONFIG.copypasta, windowMs: DEFAULT_CONFIG.types.COPYPASTA.windowMs });
    // the edit range puts many pairs near the threshold: the test is not trivially easy
    expect(ev.plantedTruePairs).toBeGreaterThan(1000);
    expect(ev.recall).toBeGreaterThanOrEqual(0.97);
    expect(ev.precision).toBeGreaterThanOrEqual(0.99);
    expect(ev.candidates).toBeLessThanOrEqual(3 * ev.truePairs);
  }, SLOW);
});

describe('generator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = generatePlantedCorpus({ posts: 5000, seed: 5 });
    const b = generatePlantedCorpus({ posts: 5000, seed: 5 });
    const c = generatePlantedCorpus({ posts: 5000, seed: 6 });
    expect(JSON.stringify(a.posts)).toBe(JSON.stringify(b.posts));
    expect(JSON.stringify(a.accounts)).toBe(JSON.stringify(b.accounts));
    expect(JSON.stringify(a.posts)).not.toBe(JSON.stringify(c.posts));
  });

  it('produces posts in time order with valid references and a heavy-tailed activity', () => {
    const { posts, accounts } = generatePlantedCorpus({ posts: 40_000, seed: 8 });
    const ids = new Set(posts.map((p) => p.id));
    const accIds = new Set(accounts.map((a) => a.id));
    for (let i = 1; i < posts.length; i++) expect(posts[i]!.published_at).toBeGreaterThanOrEqual(posts[i - 1]!.published_at);
    expect(posts.every((p) => accIds.has(p.account_id) && (!p.repost_of || ids.has(p.repost_of)))).toBe(true);
    const perAccount = new Map<string, number>();
    for (const p of posts) perAccount.set(p.account_id, (perAccount.get(p.account_id) ?? 0) + 1);
    const counts = [...perAccount.values()].sort((x, y) => y - x);
    expect(counts[0]!).toBeGreaterThan(20 * counts[Math.floor(counts.length / 2)]!);
    expect(new Set(accounts.map((a) => a.screen_name!.toLowerCase())).size).toBe(accounts.length);
  });
});
