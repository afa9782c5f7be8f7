import { describe, expect, it } from 'vitest';
import type { CoUrl } from '@plugins/urls/shared/public';
import type { ClusterData } from '../../shared/api';
import { buildCoordinationGraph, hiddenByPreset } from './buildGraph';
import { addSharedLinks, sharedLinksByDomain } from './linkLayer';

const preview = { cluster_insights: [], engagement_score: null, evidences: [], number_accounts: 2, number_posts: 4, percent_accounts: 0.1 };
const cluster: ClusterData = {
  cluster_id: 'c1', platform: 'twitter', coordinations: [], preview,
  accounts: ['a', 'b'].map((rid) => ({ id: 1, rid, platform: 'twitter', screen_name: rid, display_name: null, profile_url: null, avatar_url: null, topic_id: null })),
  edges: [{ i: 'a', j: 'b', weight: 2, coordination_types: ['SYNCHRONOUS_URL_SHARE'] }],
};
const coUrl = (url: string, domain: string | null, creators: string[]): CoUrl => ({
  url, domain, creator_ids: creators, names: creators.map((c) => (c === 'z' ? null : `${c}_name`)), platforms: creators.map(() => 'twitter'),
  share_count: creators.length, extra: creators.map(() => ({ urls: [], post_dates: [] })),
});
const LINKS = [coUrl('https://fresh-report.com/1', 'fresh-report.com', ['a', 'b', 'z']), coUrl('https://fresh-report.com/2', 'fresh-report.com', ['a', 'z']),
  coUrl('https://wire.org/x', 'wire.org', ['b', 'y'])];

describe('the Shared links layer', () => {
  it('draws URL nodes tied to the accounts that posted them and to their domain node; new sharers join as plain accounts', () => {
    const g = buildCoordinationGraph([cluster], { grouping: 'coordinationCluster' });
    addSharedLinks(g, LINKS);
    expect(g.getNodeAttributes('links:https://fresh-report.com/1')).toMatchObject({ nodeType: 'links', ref: 'https://fresh-report.com/1', linkLayer: true });
    expect(g.getNodeAttributes('domains:fresh-report.com')).toMatchObject({ nodeType: 'domains', label: 'fresh-report.com', linkLayer: true });
    expect(g.neighbors('links:https://fresh-report.com/1').sort()).toEqual(['accounts:a', 'accounts:b', 'accounts:z', 'domains:fresh-report.com']);
    expect(g.getEdgeAttribute(g.edge('accounts:a', 'links:https://fresh-report.com/1')!, 'edgeType')).toBe('accountLinks');
    expect(g.getEdgeAttribute(g.edge('domains:wire.org', 'links:https://wire.org/x')!, 'edgeType')).toBe('domainLinks');
    // a and b keep their cluster; z (no screen name) and y were not in the coordination graph.
    expect(g.getNodeAttributes('accounts:a')).toMatchObject({ clusterId: 'c1', group: 'c1' });
    expect(g.getNodeAttributes('accounts:z')).toMatchObject({ label: 'z', clusterId: null, group: null });
    expect(g.getNodeAttributes('accounts:y')).toMatchObject({ label: '@y_name', clusterId: null });
    // Accounts that share the same set of links meet on the same URL nodes: a and z share both fresh-report links.
    expect(g.neighbors('accounts:z').sort()).toEqual(['links:https://fresh-report.com/1', 'links:https://fresh-report.com/2']);
    // The narrative preset hides URL and domain nodes; the panel keeps the layer's own visible (it reads linkLayer).
    expect(hiddenByPreset(g, 'narrative').has('links:https://wire.org/x')).toBe(true);
  });

  it('lists the links by domain, most accounts first', () => {
    expect(sharedLinksByDomain(LINKS)).toEqual([
      { domain: 'fresh-report.com', links: [{ url: 'https://fresh-report.com/1', accounts: 3 }, { url: 'https://fresh-report.com/2', accounts: 2 }] },
      { domain: 'wire.org', links: [{ url: 'https://wire.org/x', accounts: 2 }] },
    ]);
  });
});
