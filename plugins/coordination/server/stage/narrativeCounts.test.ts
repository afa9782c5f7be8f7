import { describe, expect, it } from 'vitest';
import { clustersPerNarrative, topicOfAccounts } from './narrativeCounts';

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
