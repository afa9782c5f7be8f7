import { describe, expect, it } from 'vitest';
import { topicRunResultSchema, type TopicInputPost, type TopicRunResult } from '../../shared/types';
import { runTopicEngine } from './engine';
import { makeLabelledPosts } from '../../evaluation/labelledPosts';
import { nmi } from '../../evaluation/metrics';

const withoutTimings = (r: TopicRunResult) => ({ ...r, stats: { ...r.stats, timings_ms: {} } });
const predicted = (r: TopicRunResult, posts: TopicInputPost[]) => {
  const byPost = new Map(r.assignments.map((a) => [a.post_id, a.topic_rid ?? 'outlier']));
  return posts.map((p) => byPost.get(p.id)!);
};

describe('runTopicEngine', () => {
  const ALL = ['vaccine', 'election', 'football', 'inflacion', 'lluvias', 'ai_zh', 'food_zh'];
  const { posts, labels } = makeLabelledPosts(ALL, 30, 4);

  it.each(['exact', 'approximate'] as const)('recovers hand-made topics in en, es and zh (NMI floor, %s neighbours)', (neighbours) => {
    const r = runTopicEngine(posts, { neighbours });
    const score = nmi(labels, predicted(r, posts));
    expect(score).toBeGreaterThan(0.85);
    expect(r.topics).toHaveLength(ALL.length);
    expect(r.outlier_post_ids).toEqual([]);
  });

  it('clusters Spanish and Chinese posts with their own tokenisation and names them in their language', () => {
    const r = runTopicEngine(posts);
    const topicOf = (id: string) => r.topics.find((t) => t.post_ids.includes(id))!;
    const es = topicOf('inflacion-0');
    expect(es.post_ids.every((id) => id.startsWith('inflacion-'))).toBe(true);
    expect(es.ngrams.join(' ')).toMatch(/inflación|precios|banco|tasas|interés|salarios|economía|dólar/);
    const zh = topicOf('ai_zh-0');
    expect(zh.post_ids.every((id) => id.startsWith('ai_zh-'))).toBe(true);
    expect(zh.ngrams.some((k) => /人工智能|模型|芯片|数据|算法/.test(k))).toBe(true);
  });

  it('is deterministic for a seed: the same input gives the same output', () => {
    const a = runTopicEngine(posts, { seed: 7, neighbours: 'approximate' });
    const b = runTopicEngine(posts, { seed: 7, neighbours: 'approximate' });
    expect(withoutTimings(a)).toEqual(withoutTimings(b));
    expect(a.stats.seed).toBe(7);
  });

  it('fills every Topic and Narrative field of the specification consistently', () => {
    const r = runTopicEngine(posts);
    expect(topicRunResultSchema.parse(r)).toBeTruthy();
    let share = 0;
    r.topics.forEach((t, i) => {
      const n = r.narratives[i]!;
      expect(n.id).toBe(t.rid);
      expect(n.post_count).toBe(t.post_ids.length);
      expect(n.ngrams).toEqual(t.ngrams);
      expect(t.post_ids).toContain(t.exemplar_post_id);
      expect(t.post_dates).toEqual([...t.post_dates].sort());
      expect(t.post_dates).toHaveLength(t.post_ids.length);
      expect(t.cohesion_score).toBeGreaterThan(0.2);
      expect(n.coordination_cluster_count).toBe(0);
      expect(n.title).toBe(t.title);
      expect(n.description).toContain(`${n.post_count} posts`);
      share += n.post_percent;
    });
    expect(share).toBeCloseTo(1, 10);
    // Largest first.
    const sizes = r.topics.map((t) => t.post_ids.length);
    expect(sizes).toEqual([...sizes].sort((x, y) => y - x));
    const exemplars = r.assignments.filter((a) => a.is_exemplar).map((a) => a.post_id).sort();
    expect(exemplars).toEqual(r.topics.map((t) => t.exemplar_post_id).sort());
    for (const a of r.assignments) expect(a.confidence_score).toBeGreaterThan(0);
  });

  it('the exemplar is the post nearest the centroid: its confidence is the topic maximum', () => {
    const r = runTopicEngine(posts);
    const conf = new Map(r.assignments.map((a) => [a.post_id, a.confidence_score]));
    for (const t of r.topics) {
      const best = Math.max(...t.post_ids.map((id) => conf.get(id)!));
      expect(conf.get(t.exemplar_post_id)).toBe(best);
    }
  });

  it('computes engagement, threat flag, category and risk from the input signals', () => {
    const marked = posts.map((p) => (p.id.startsWith('election-')
      ? { ...p, engagement_level: 'high' as const, threat: /-(1|2|3)$/.test(p.id), categories: ['ELECTION_DENIAL'] }
      : p));
    const r = runTopicEngine(marked);
    const n = r.narratives.find((x) => r.topics.find((t) => t.rid === x.id)!.post_ids.includes('election-0'))!;
    expect(n.engagement_score).toBe(1);
    expect(n.is_threat).toBe(true);
    expect(n.category).toBe('ELECTION_DENIAL');
    expect(n.risk.risk_level).toBe('HIGH_RISK');
    expect(n.risk.signals.find((s) => s.signal === 'violent_rhetoric')!.post_ids.sort()).toEqual(['election-1', 'election-2', 'election-3']);
    const other = r.narratives.find((x) => x.id !== n.id)!;
    expect(other).toMatchObject({ is_threat: false, engagement_score: 0, category: null });
    expect(r.conversation_risk.signals.find((s) => s.signal === 'violent_rhetoric')!.count).toBe(3);
  });

  it('keeps a repeated copypasta together as its own topic', () => {
    const copies = Array.from({ length: 25 }, (_, i) => ({ ...posts[0]!, id: `copy-${i}`, text: 'Wake up people the globalists control the weather machines now' }));
    const r = runTopicEngine([...posts, ...copies]);
    const t = r.topics.find((x) => x.post_ids.includes('copy-0'))!;
    expect(t.post_ids.filter((id) => id.startsWith('copy-'))).toHaveLength(25);
    expect(t.ngrams.join(' ')).toMatch(/globalists|weather machines/);
  });

  it("puts small communities in the outlier bucket with smallTopics: 'outlier'", () => {
    // Only the vaccine topic (35 posts) reaches minTopicSize 31; the others (30 posts each) are small.
    const extra = makeLabelledPosts(['vaccine'], 5, 9).posts.map((p) => ({ ...p, id: `extra-${p.id}` }));
    const input = [...posts, ...extra];
    const bucket = runTopicEngine(input, { minTopicSize: 31, smallTopics: 'outlier', neighbours: 'exact' });
    expect(bucket.topics).toHaveLength(1);
    expect(bucket.topics[0]!.post_ids.every((id) => id.includes('vaccine'))).toBe(true);
    expect(bucket.outlier_post_ids).toHaveLength(input.length - 35);
    const reassigned = runTopicEngine(input, { minTopicSize: 31, neighbours: 'exact' });
    expect(reassigned.outlier_post_ids.length).toBeLessThanOrEqual(bucket.outlier_post_ids.length);
  });

  it('merges down to targetTopics and caps at maxTopics', () => {
    expect(runTopicEngine(posts, { targetTopics: 3 }).topics).toHaveLength(3);
    expect(runTopicEngine(posts, { maxTopics: 4 }).topics.length).toBeLessThanOrEqual(4);
  });

  it('puts posts with nothing to cluster on in the outlier bucket', () => {
    const extra = [{ ...posts[0]!, id: 'empty-1', text: 'the and of' }, { ...posts[0]!, id: 'empty-2', text: '!!!' }];
    const r = runTopicEngine([...posts, ...extra]);
    expect(r.outlier_post_ids).toEqual(['empty-1', 'empty-2']);
    expect(r.assignments.find((a) => a.post_id === 'empty-1')).toEqual({ post_id: 'empty-1', topic_rid: null, confidence_score: 0, is_exemplar: false });
  });

  it('handles no posts, and refuses duplicate ids', () => {
    const r = runTopicEngine([]);
    expect(r.topics).toEqual([]);
    expect(r.conversation_risk.risk_level).toBe('LOW_RISK');
    expect(() => runTopicEngine([posts[0]!, posts[0]!])).toThrow(`duplicate post id '${posts[0]!.id}'`);
  });
});

describe('runTopicEngine on arbitrary input (property)', () => {
  it('assigns every post exactly once and keeps shares and scores in range', async () => {
    const fc = (await import('fast-check')).default;
    const word = fc.constantFrom('vote', 'ballot', 'goal', 'match', 'precio', 'banco', '模型', '数据', '#tag', '@user', 'https://a.example/x', 'the', '!');
    const text = fc.array(word, { maxLength: 12 }).map((w) => w.join(' '));
    fc.assert(fc.property(fc.array(text, { maxLength: 60 }), fc.integer({ min: 0, max: 1000 }), (texts, seed) => {
      const input = texts.map((t, i) => ({
        id: `p${i}`, text: t, language: null, published_at: '2025-01-01T00:00:00.000Z', platform: 'gab', is_niche: i % 2 === 0,
        engagement_level: null, threat: false, coordination_cluster_ids: [],
      }));
      const r = runTopicEngine(input, { seed, minTopicSize: 2 });
      const placed = [...r.topics.flatMap((t) => t.post_ids), ...r.outlier_post_ids].sort();
      expect(placed).toEqual(input.map((p) => p.id).sort());
      const share = r.narratives.reduce((s, n) => s + n.post_percent, 0);
      expect(share).toBeLessThanOrEqual(1 + 1e-9);
      for (const t of r.topics) expect(t.cohesion_score).toBeGreaterThanOrEqual(0);
      expect(topicRunResultSchema.safeParse(r).success).toBe(true);
    }), { numRuns: 60 });
  });
});

describe('runTopicEngine at the edges', () => {
  it('handles one text repeated 200,000 times (a spam wave) as one topic', () => {
    const base = { language: 'en', published_at: '2025-01-01T00:00:00.000Z', platform: 'telegram', is_niche: true, engagement_level: null, threat: false, coordination_cluster_ids: [] };
    const input = Array.from({ length: 200_000 }, (_, i) => ({ ...base, id: `s${i}`, text: 'Buy cheap followers now at followers shop' }));
    const r = runTopicEngine(input);
    expect(r.topics).toHaveLength(1);
    expect(r.topics[0]!.post_ids).toHaveLength(200_000);
    expect(r.narratives[0]!.post_percent).toBe(1);
    expect(r.topics[0]!.ngrams[0]).toMatch(/followers/);
    expect(r.stats.unique_texts).toBe(1);
  });
});
