import { describe, expect, it } from 'vitest';
import { riskAssessmentSchema, type TopicInputPost } from '../../shared/types';
import { assessRisk } from './risk';

function posts(n: number, mark: (i: number) => Partial<TopicInputPost> = () => ({})): TopicInputPost[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`, text: 'x', language: 'en', published_at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
    platform: 'twitter', is_niche: false, engagement_level: 'low', threat: false, coordination_cluster_ids: [], ...mark(i),
  }));
}

const signal = (r: ReturnType<typeof assessRisk>, name: string) => r.signals.find((s) => s.signal === name)!;

describe('assessRisk', () => {
  it('is low without signals and says so', () => {
    const r = assessRisk(posts(50), 'n1');
    expect(r.risk_level).toBe('LOW_RISK');
    expect(r.insight_risks).toEqual([]);
    expect(r.explanation).toBe('Low risk: no signal reaches its threshold in 50 posts.');
    expect(riskAssessmentSchema.parse(r)).toEqual(r);
  });

  it('threats of violence above 5% give HIGH, naming the share and the driving posts (most recent first)', () => {
    const r = assessRisk(posts(40, (i) => ({ threat: i === 3 || i === 7 || i === 30 })), 'n1');
    expect(r.risk_level).toBe('HIGH_RISK');
    const s = signal(r, 'violent_rhetoric');
    expect(s).toMatchObject({ count: 3, level: 'HIGH_RISK', post_ids: ['p30', 'p7', 'p3'] });
    expect(s.share).toBeCloseTo(0.075);
    expect(r.insight_risks).toEqual([{ type_name: 'NAIVE_VIOLENT_RHETORIC', risk_level: 'HIGH_RISK',
      filters: [{ key: 'narratives', value: 'n1' }, { key: 'contains_threatening_language', value: 'true' }] }]);
    expect(r.explanation).toBe('High risk: 8% threats of violence (3 posts).');
  });

  it('one flagged post is not enough (minPosts) however small the narrative', () => {
    const r = assessRisk(posts(5, (i) => ({ threat: i === 0 })));
    expect(r.risk_level).toBe('LOW_RISK');
    expect(signal(r, 'violent_rhetoric').post_ids).toEqual(['p0']);
  });

  it('niche platforms alone are at most MEDIUM (NAIVE_NICHENESS)', () => {
    const r = assessRisk(posts(10, () => ({ is_niche: true })));
    expect(signal(r, 'nicheness').share).toBe(1);
    expect(r.risk_level).toBe('MEDIUM_RISK');
    expect(r.insight_risks.map((x) => x.type_name)).toEqual(['NAIVE_NICHENESS']);
  });

  it('coordination with niche platforms is HIGH and both become *_WITH_OTHER_FACTORS', () => {
    const r = assessRisk(posts(20, (i) => ({ coordination_cluster_ids: i < 3 ? ['c1'] : [], is_niche: i < 8 })));
    expect(signal(r, 'coordination').level).toBe('MEDIUM_RISK');
    expect(signal(r, 'nicheness').level).toBe('MEDIUM_RISK');
    expect(r.risk_level).toBe('HIGH_RISK');
    expect(r.insight_risks.map((x) => x.type_name)).toEqual(['COORDINATION_WITH_OTHER_FACTORS', 'NICHENESS_WITH_OTHER_FACTORS']);
    expect(r.explanation).toBe('High risk: 15% coordinated accounts (3 posts), 40% niche platforms (8 posts); several signals together.');
  });

  it('state-associated sources from analyst insights count as a primary signal', () => {
    const r = assessRisk(posts(50, (i) => ({ insight_risk_categories: i < 6 ? ['State Associated - Russia'] : ['Mainstream'] })));
    expect(signal(r, 'state_actor')).toMatchObject({ count: 6, level: 'HIGH_RISK' });
    expect(r.insight_risks[0]!.type_name).toBe('STATE_ACTOR_WITH_OTHER_FACTORS');
    // The filters that show the posts name the categories' subcategories, the insight_subcategories filter's values.
    expect(r.insight_risks[0]!.filters).toContainEqual({ key: 'insight_subcategories', value: 'Russian State Media' });
    expect(r.insight_risks[0]!.filters).toContainEqual({ key: 'insight_subcategories', value: 'Pink Slime Local News' });
    expect(r.insight_risks[0]!.filters.some((f) => f.key === 'insight_state_associations')).toBe(false);
  });

  it('high engagement and government accounts only add context', () => {
    const r = assessRisk(posts(10, (i) => ({ engagement_level: 'high', insight_risk_categories: i < 3 ? ['U.S. Government'] : [] })));
    expect(r.risk_level).toBe('MEDIUM_RISK');
    expect(r.insight_risks.map((x) => x.type_name)).toEqual(['INFLUENCER_WITH_OTHER_FACTORS', 'GOVT_OFFICIAL_WITH_OTHER_FACTORS']);
    expect(r.insight_risks[1]!.filters).toEqual(['U.S. Federal Government', 'U.S. State or Local Government', 'U.S. Elected Official']
      .map((value) => ({ key: 'insight_subcategories', value })));
  });
});
