import { describe, expect, it } from 'vitest';
import { clustersPerNarrative, packTopics, topicOfAccounts } from './narrativeCounts';

describe('clustersPerNarrative', () => {
  it('counts the distinct clusters with a proving post in each narrative; posts outside topics are ignored', () => {
    const postClusters = new Map([['1', ['c1']], ['2', ['c1']], ['3', ['c2']], ['4', ['c1', 'c3']], ['5', ['c4']]]);
    const topicOf = new Map([[1, 't_a'], [2, 't_a'], [3, 't_a'], [4, 't_b']]);
    expect(clustersPerNarrative({ postClusters }, topicOf)).toEqual({ t_a: 2, t_b: 2 });
    expect(clustersPerNarrative({ postClusters: new Map() }, topicOf)).toEqual({});
  });
});

describe('topicOfAccounts', () => {
  it('gives each clustered account its most frequent topic (ties: smaller id); others and topicless posts are left out', () => {
    const strings = ['a', 'b', 'c', 'd'];
    const authors = [0, 0, 0, 1, 1, 2, 3];
    const posts = { id: Float64Array.from(authors, (_, i) => i + 1), account: Int32Array.from(authors), strings };
    const topicOf = new Map([[1, 't2'], [2, 't1'], [3, 't2'], [4, 't9'], [5, 't3'], [6, 't1']]);
    expect(topicOfAccounts(posts, new Set(['a', 'b', 'd']), topicOf)).toEqual(new Map([['a', 't2'], ['b', 't3']]));
    // null: every author with a topical post
    expect(topicOfAccounts(posts, null, topicOf)).toEqual(new Map([['a', 't2'], ['b', 't3'], ['c', 't1']]));
  });
});

describe('packTopics', () => {
  it('answers each post of the run its topic from a topic number per post; posts outside the run and topicless ones have none', () => {
    const posts = { id: Float64Array.from([3, 8, 10, 41, 1000]), account: Int32Array.from([0, 0, 1, 1, 2]), strings: ['a', 'b', 'c'] };
    // 7: an anonymous post (not among the engine's posts); 41: no topic
    const topicOf = new Map([[3, 't1'], [7, 't2'], [8, 't2'], [10, 't1'], [1000, 't3']]);
    const packed = packTopics(posts, topicOf);
    expect(packed).not.toBe(topicOf);
    expect([0, 3, 7, 8, 10, 41, 999, 1000, 1001].map((id) => packed.get(id))).toEqual([undefined, 't1', undefined, 't2', 't1', undefined, undefined, 't3', undefined]);
    expect(topicOfAccounts(posts, null, packed)).toEqual(topicOfAccounts({ ...posts }, null, new Map([...topicOf].filter(([id]) => id !== 7))));
    expect(clustersPerNarrative({ postClusters: new Map([['3', ['c1']], ['8', ['c1', 'c2']], ['41', ['c3']]]) }, packed)).toEqual({ t1: 1, t2: 2 });
  });

  it('keeps the map when the posts are not in strictly increasing id order', () => {
    const topicOf = new Map([[5, 't1'], [2, 't2']]);
    expect(packTopics({ id: Float64Array.from([5, 2]), account: Int32Array.from([0, 0]), strings: ['a'] }, topicOf)).toBe(topicOf);
    expect(packTopics({ id: Float64Array.from([2, 2]), account: Int32Array.from([0, 0]), strings: ['a'] }, topicOf)).toBe(topicOf);
  });
});
