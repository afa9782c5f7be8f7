import { describe, expect, it } from 'vitest';
import type { ClusterData } from '../../shared/api';
import { buildCoordinationGraph, hiddenByPreset, legend, nodeKey } from './buildGraph';
import { addTopicNodes } from './topics';

const account = (rid: string) => ({ id: 1, rid, platform: 'twitter', screen_name: rid, display_name: null, profile_url: null, avatar_url: null });
const preview = { cluster_insights: [], engagement_score: null, evidences: [], number_accounts: 3, number_posts: 6, percent_accounts: 0.1 };
const cluster = (id: string, rids: string[]): ClusterData => ({
  cluster_id: id, platform: 'twitter', coordinations: [], preview, accounts: rids.map((r) => ({ ...account(r), topic_id: null })),
  edges: rids.slice(1).map((r) => ({ i: rids[0]!, j: r, weight: 2, coordination_types: ['SYNCHRONOUS_URL_SHARE'] })),
});
describe('topic nodes', () => {
  const topicOf = new Map([['a', 't1'], ['b', 't1'], ['d', 't2'], ['ghost', 't3']]);
  const graph = () => buildCoordinationGraph([cluster('c1', ['a', 'b', 'c']), cluster('c2', ['d', 'e'])], { grouping: 'coordinationCluster', topicOf });

  it('adds one Topic node per topic of the drawn accounts, titled by its narrative, linked to its accounts', () => {
    const g = graph();
    expect(addTopicNodes(g, topicOf, new Map([['t1', 'Stolen election claims']]))).toBe(2);
    expect(g.getNodeAttributes(nodeKey('topics', 't1'))).toMatchObject({ nodeType: 'topics', ref: 't1', label: 'Stolen election claims', group: null });
    expect(g.getNodeAttribute(nodeKey('topics', 't2'), 'label')).toBe('Topic t2'); // no title known
    expect(g.hasNode(nodeKey('topics', 't3'))).toBe(false); // its account is not drawn
    expect(g.neighbors(nodeKey('topics', 't1')).sort()).toEqual(['accounts:a', 'accounts:b']);
    expect(g.getEdgeAttribute('accounts:a', nodeKey('topics', 't1'), 'edgeType')).toBe('accountTopics');
    // starts at the centre of its accounts
    const [a, b] = [g.getNodeAttributes('accounts:a'), g.getNodeAttributes('accounts:b')];
    expect(g.getNodeAttribute(nodeKey('topics', 't1'), 'x')).toBeCloseTo((a.x + b.x) / 2);
    // the legend counts accounts only; idempotent
    expect(legend(g).reduce((s, l) => s + l.accounts, 0)).toBe(5);
    addTopicNodes(g, topicOf, new Map());
    expect(g.order).toBe(5 + 2);
  });

  it('are drawn in the narrative preset only', () => {
    const g = graph();
    addTopicNodes(g, topicOf, new Map());
    expect(hiddenByPreset(g, 'narrative').size).toBe(0);
    expect([...hiddenByPreset(g, 'coordination')].sort()).toEqual(['topics:t1', 'topics:t2']);
    expect([...hiddenByPreset(g, 'actor')].sort()).toEqual(['topics:t1', 'topics:t2']);
  });
});
