import { describe, expect, it } from 'vitest';
import { entitiesOfField, topNarrativeEntities } from './entities';

const assign = (post_id: number, topic_rid: string | null) => ({ post_id: String(post_id), topic_rid, confidence_score: 0.5, is_exemplar: false });

describe('topNarrativeEntities', () => {
  it('keeps the 10 most frequent of each type, counted once per post, ties by name; outliers count for nobody', () => {
    const byPost = new Map<number, Array<['PERSON' | 'HASHTAG', string]>>();
    // 30 posts of narrative a: person k appears in posts 0..k (so P11 in 12 posts ... P0 in 1), one #tag twice in a post.
    for (let post = 0; post < 30; post++) {
      const people = Array.from({ length: 12 }, (_, k) => k).filter((k) => post <= k).map((k) => ['PERSON', `P${k}`] as ['PERSON', string]);
      byPost.set(post, [...people, ['HASHTAG', '#Tag'], ['HASHTAG', '#tag']]);
    }
    byPost.set(99, [['PERSON', 'Outlier Only']]);
    const assignments = [...Array.from({ length: 30 }, (_, i) => assign(i, 'a')), assign(99, null)];
    const top = topNarrativeEntities(assignments, byPost).get('a')!;
    expect(top.filter((e) => e.entity_type === 'PERSON').map((e) => [e.entity_name, e.post_count])).toEqual(
      [['P11', 12], ['P10', 11], ['P9', 10], ['P8', 9], ['P7', 8], ['P6', 7], ['P5', 6], ['P4', 5], ['P3', 4], ['P2', 3]]);
    // '#Tag' and '#tag' are one hashtag, once per post; the spelling shown wins ties by code-unit order.
    expect(top.filter((e) => e.entity_type === 'HASHTAG')).toEqual([{ entity_name: '#Tag', entity_type: 'HASHTAG', post_count: 30 }]);
    expect(top.some((e) => e.entity_name === 'Outlier Only')).toBe(false);
  });

  it('gives no list to narratives whose posts carry no entity', () => {
    expect(topNarrativeEntities([assign(1, 'a')], new Map()).get('a')).toBeUndefined();
  });
});

describe('entitiesOfField', () => {
  it("reads the enrichment's entity groups and ignores anything malformed", () => {
    expect(entitiesOfField({ people: ['Jane Doe', ' '], organisations: 'x', places: [3, 'Ohio'], hashtags: ['#a'], mentions: null }))
      .toEqual([['PERSON', 'Jane Doe'], ['PLACE', 'Ohio'], ['HASHTAG', '#a']]);
    expect(entitiesOfField(undefined)).toEqual([]);
    expect(entitiesOfField('people')).toEqual([]);
  });
});
