import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TopicInputPost } from '../../shared/types';
import { makeLabelledPosts } from '../../evaluation/labelledPosts';
import { resultObjects } from './columns';
import { runTopicEngine, runTopicEngineOn } from './engine';
import { compareDecimalStrings, packTopicPosts, PackedTopicTable } from './packedPosts';

const withoutTimings = <T extends { stats: { timings_ms: Record<string, number> } }>(r: T) => ({ ...r, stats: { ...r.stats, timings_ms: {} } });

/** Labelled posts with numeric ids whose string order is not their numeric order, and every signal the engine reads. */
function postsWithSignals(): TopicInputPost[] {
  const { posts } = makeLabelledPosts(['vaccine', 'election', 'football', 'inflacion', 'ai_zh'], 30, 4);
  const insights = [['State Associated - Russia'], ['U.S. Government'], ['Pink Slime'], []];
  return posts.map((p, i) => ({
    ...p,
    id: String(7 + i * 13),
    // Every seventh date is stored without milliseconds: not the canonical form the columns keep as a number.
    published_at: i % 7 === 0 ? `2025-03-0${1 + (i % 9)}T10:00:00Z` : new Date(Date.UTC(2025, 2, 1) + (i % 50) * 3_600_000).toISOString(),
    threat: i % 11 === 0,
    is_niche: i % 3 === 0,
    engagement_level: i % 4 === 0 ? 'high' : null,
    coordination_cluster_ids: i % 5 === 0 ? ['c1', 'c2'] : [],
    insight_risk_categories: insights[i % 4]!,
    categories: i % 2 === 0 ? ['health', 'health', 'politics'] : ['politics'],
    language: i % 10 === 0 ? null : p.language,
  }));
}

describe('the engine on packed columns (the pipeline stage) and on post objects', () => {
  it('gives the same topics, narratives, risk, assignments and statistics', () => {
    const posts = postsWithSignals();
    const table = new PackedTopicTable(packTopicPosts(posts.map((p) => ({ ...p, id: Number(p.id) }))));
    const packed = resultObjects(runTopicEngineOn(table), table);
    const objects = runTopicEngine(posts);
    expect(objects.topics.length).toBeGreaterThan(2);
    expect(objects.narratives.some((n) => n.risk.risk_level !== 'LOW_RISK')).toBe(true);
    expect(withoutTimings(packed)).toEqual(withoutTimings(objects));
  });

  it('reads back every field it packed', () => {
    const posts = postsWithSignals().slice(0, 40);
    const table = new PackedTopicTable(packTopicPosts(posts.map((p) => ({ ...p, id: Number(p.id) }))));
    posts.forEach((p, i) => {
      expect([table.id(i), table.text(i), table.language(i), table.date(i)]).toEqual([p.id, p.text, p.language, p.published_at]);
      expect(table.categories(i)).toEqual([...new Set(p.categories)]);
    });
  });

  it('refuses an id that is not a non-negative integer below 1e15', () => {
    const [post] = postsWithSignals();
    expect(() => packTopicPosts([{ ...post!, id: 1.5 }])).toThrow('not an integer');
    expect(() => packTopicPosts([{ ...post!, id: 1e15 }])).toThrow('not an integer');
  });
});

describe('compareDecimalStrings', () => {
  it('orders integers as their decimal strings order', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e15 - 1 }), fc.integer({ min: 0, max: 1e15 - 1 }), fc.nat(14), (a, b, shift) => {
      const x = a;
      const y = Math.floor(b / 10 ** shift);
      const want = String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
      expect(compareDecimalStrings(x, y)).toBe(want);
      expect(compareDecimalStrings(x, Math.floor(x / 10))).toBe(x < 10 ? (x === 0 ? 0 : 1) : 1);
    }));
  });
});
