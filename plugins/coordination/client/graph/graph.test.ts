import { describe, expect, it } from 'vitest';
import type { ClusterData, EdgeData } from '../../shared/api';
import { addEdgeEvidence, buildCoordinationGraph, groupingFor, hiddenByPreset, legend, neighbourhood, nodeKey, searchNodes } from './buildGraph';
import { evidenceCsv, toGexf, toGraphml } from './exports';
import { EDGE_TYPES, edgeSentence, edgeTypesOf, NODE_TYPE_LABELS, NODE_TYPES, SPEC_EDGE_TYPES } from './model';

const account = (rid: string, screen_name: string | null = rid) => ({ id: 1, rid, platform: 'twitter', screen_name, display_name: null, profile_url: null, avatar_url: null });
const preview = { cluster_insights: [], engagement_score: null, evidences: [], number_accounts: 3, number_posts: 6, percent_accounts: 0.1 };
const cluster = (id: string, rids: string[]): ClusterData => ({
  cluster_id: id, platform: 'twitter', coordinations: [], preview, accounts: rids.map((r) => ({ ...account(r), topic_id: null })),
  edges: rids.slice(1).map((r) => ({ i: rids[0]!, j: r, weight: 2, coordination_types: ['SYNCHRONOUS_URL_SHARE'] })),
});
const post = (rid: string, body: string) => ({ id: 1, rid, body, published_at: '2025-01-01T00:00:00.000Z', source_url: null });

describe('node and edge types', () => {
  it('has the six node types with the spec labels', () => {
    expect(NODE_TYPES.map((t) => NODE_TYPE_LABELS[t])).toEqual(['Account', 'Post', 'Domain', 'URL', 'Hashtag', 'Topic']);
  });
  it('has the 24 edge types of the spec plus accountTopics, each read as action, verb and receiver', () => {
    expect(SPEC_EDGE_TYPES).toHaveLength(24);
    expect(Object.keys(EDGE_TYPES)).toEqual([...SPEC_EDGE_TYPES, 'accountTopics']);
    expect(edgeSentence('accountTopics', '@a', 'Vote fraud')).toBe('Account @a posted in Topic Vote fraud');
    expect(edgeSentence('accountPosts', '@a', 'p1')).toBe('Account @a created Post p1');
    expect(edgeSentence('accountCoordinationEvidenceAccounts', '@a', '@b')).toBe('Account @a coordinated with Account @b');
    expect(edgeSentence('postHashtags', 'p1', '#x')).toBe('Post p1 contains Hashtag #x');
    expect(edgeSentence('domainLinks', 'a.com', 'a.com/x')).toBe('Domain a.com is the domain of URL a.com/x');
    expect(edgeTypesOf('topics')).toEqual(['accountTopics']);
    expect(edgeTypesOf('domains')).toEqual(['accountDomains', 'accountRepostedDomains', 'domainPosts', 'postRepostedDomains', 'domainLinks']);
  });
});

describe('buildCoordinationGraph', () => {
  const graph = () => buildCoordinationGraph([cluster('c1', ['a', 'b', 'c']), cluster('c2', ['d', 'e', 'f', 'g'])], { grouping: 'coordinationCluster' });

  it('draws one Account node per account and one coordination edge per pair, coloured by cluster', () => {
    const g = graph();
    expect(g.order).toBe(7);
    expect(g.size).toBe(5);
    expect(g.getNodeAttributes('accounts:a')).toMatchObject({ label: '@a', nodeType: 'accounts', group: 'c1', clusterId: 'c1' });
    expect(g.getNodeAttribute('accounts:a', 'color')).not.toBe(g.getNodeAttribute('accounts:d', 'color'));
    expect(g.getNodeAttribute('accounts:a', 'size')).toBeGreaterThan(g.getNodeAttribute('accounts:b', 'size'));
    expect(g.getEdgeAttributes('accounts:a', 'accounts:b')).toMatchObject({ edgeType: 'accountCoordinationEvidenceAccounts', weight: 2, coordinationTypes: ['SYNCHRONOUS_URL_SHARE'] });
  });

  it('groups by topic when asked and topics exist, else by cluster', () => {
    expect(groupingFor('topicId', true)).toBe('topicId');
    expect(groupingFor('topicId', false)).toBe('coordinationCluster');
    const g = buildCoordinationGraph([cluster('c1', ['a', 'b', 'c'])], { grouping: 'topicId', topicOf: new Map([['a', 't1'], ['b', 't1']]) });
    expect(legend(g)).toEqual([{ group: 't1', color: expect.any(String), accounts: 2 }, { group: 'no topic', color: expect.any(String), accounts: 1 }]);
  });

  it('search, neighbourhood and legend', () => {
    const g = graph();
    expect(searchNodes(g, 'E')).toEqual(['accounts:e']);
    expect(searchNodes(g, '  ')).toEqual([]);
    expect([...neighbourhood(g, 'accounts:d')].sort()).toEqual(['accounts:d', 'accounts:e', 'accounts:f', 'accounts:g']);
    expect(neighbourhood(g, 'missing').size).toBe(0);
    expect(legend(g).map((l) => [l.group, l.accounts])).toEqual([['c2', 4], ['c1', 3]]);
  });

  it('adds the evidence of an edge: posts, links, domains and hashtags, hidden by presets that do not show them', () => {
    const g = graph();
    const edge: EdgeData = {
      cluster_id: 'c1', i: account('a'), j: account('b'), weight: 2, coordination_types: ['SYNCHRONOUS_URL_SHARE', 'SYNCHRONOUS_HASHTAG_SHARE'],
      coordinations: [
        { type: 'SYNCHRONOUS_URL_SHARE', group: 'Synchronous Posting', co_actions: 2, weight: 0.3, evidence: [
          { key: 'news.example/story', post_i: post('p1', 'Look <b>here</b>'), post_j: post('p2', 'Look'), time_i: null, time_j: null, delta_seconds: 3 },
        ] },
        { type: 'SYNCHRONOUS_HASHTAG_SHARE', group: 'Hashtag Amplification', co_actions: 2, weight: 0.3, evidence: [
          { key: 'vote', post_i: post('p3', 'x'), post_j: post('p4', 'y'), time_i: null, time_j: null, delta_seconds: 1 },
        ] },
      ],
    };
    addEdgeEvidence(g, edge);
    addEdgeEvidence(g, edge); // idempotent
    expect(g.hasEdge('accounts:a', nodeKey('posts', 'p1'))).toBe(true);
    expect(g.getEdgeAttribute(nodeKey('links', 'news.example/story'), nodeKey('posts', 'p2'), 'edgeType')).toBe('linkPosts');
    expect(g.getEdgeAttribute(nodeKey('domains', 'news.example'), nodeKey('links', 'news.example/story'), 'edgeType')).toBe('domainLinks');
    expect(g.getNodeAttribute(nodeKey('hashtags', 'vote'), 'label')).toBe('#vote');
    expect(g.order).toBe(7 + 4 + 1 + 1 + 1);
    expect([...hiddenByPreset(g, 'actor')].sort()).toEqual(['hashtags:vote', 'posts:p1', 'posts:p2', 'posts:p3', 'posts:p4']);
    expect(hiddenByPreset(g, 'coordination').size).toBe(1); // the domain

    const csv = evidenceCsv([edge]).split('\r\n');
    expect(csv[0]).toBe('cluster_id,account_i,account_j,type,group,key,post_i,post_j,time_i,time_j,delta_seconds,text_i,text_j');
    expect(csv[1]).toBe('c1,a,b,SYNCHRONOUS_URL_SHARE,Synchronous Posting,news.example/story,p1,p2,,,3,Look <b>here</b>,Look');
    expect(evidenceCsv([{ ...edge, coordinations: [{ ...edge.coordinations[0]!, evidence: [{ ...edge.coordinations[0]!.evidence[0]!, post_i: post('p9', '=HYPERLINK("x")') }] }] }]).split('\r\n')[1])
      .toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('GEXF and GraphML', () => {
  const g = buildCoordinationGraph([cluster('c1', ['a&b', 'c<d>', 'e'])], { grouping: 'coordinationCluster' });

  it('write every node and edge, escaped, with types and weights', () => {
    const doc = new DOMParser().parseFromString(toGexf(g), 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect([...doc.getElementsByTagName('node')].map((n) => n.getAttribute('label'))).toEqual(['@a&b', '@c<d>', '@e']);
    expect([...doc.getElementsByTagName('edge')].map((e) => [e.getAttribute('source'), e.getAttribute('target'), e.getAttribute('weight')]))
      .toEqual([['accounts:a&b', 'accounts:c<d>', '2'], ['accounts:a&b', 'accounts:e', '2']]);
    const ml = new DOMParser().parseFromString(toGraphml(g), 'application/xml');
    expect(ml.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(ml.getElementsByTagName('node')).toHaveLength(3);
    expect(ml.getElementsByTagName('edge')).toHaveLength(2);
  });

  it('drops control characters that XML forbids', () => {
    const h = buildCoordinationGraph([{ ...cluster('c1', ['x', 'y', 'z']), accounts: [account('x', 'bad\u0001name'), account('y'), account('z')].map((a) => ({ ...a, topic_id: null })) }], { grouping: 'coordinationCluster' });
    expect(toGexf(h)).toContain('label="@badname"');
  });
});
