import Graph from 'graphology';
import { NEUTRAL_COLOURS } from '@core/shared/palette';
import type { ClusterData, EdgeData } from '../../shared/api';
import { GROUP_COLOURS, NODE_TYPE_COLOURS, PRESETS, type EdgeType, type NodeType, type PresetId } from './model';

/** Node and edge attributes the navigator draws (sigma reads x, y, size, color, label). */
export interface NodeAttributes {
  x: number; y: number; size: number; color: string; label: string;
  nodeType: NodeType;
  /** the account rid, post rid, URL, domain, hashtag or topic id */
  ref: string;
  /** the group the node is coloured and placed by (cluster or topic id); null for evidence nodes */
  group: string | null;
  /** the coordination cluster of an account */
  clusterId: string | null;
  /** posts: the post store id (`post_id` of posts/details) and the publication time (ISO) */
  postId?: number;
  publishedAt?: string;
  /** drawn by the "Shared links" layer (graph/linkLayer.ts): shown whatever the preset while the layer is on */
  linkLayer?: boolean;
}
export interface EdgeAttributes {
  edgeType: EdgeType; weight: number; size: number; color: string; coordinationTypes: string[]; clusterId: string | null;
}
export type NavigatorGraph = Graph<NodeAttributes, EdgeAttributes>;

export const nodeKey = (type: NodeType, ref: string) => `${type}:${ref}`;

/** Grouping (`viz:cluster`): by topic when the conversation has topics, else by coordination cluster. */
export function groupingFor(vizCluster: string | undefined, hasTopics: boolean): 'topicId' | 'coordinationCluster' {
  return vizCluster === 'topicId' && hasTopics ? 'topicId' : 'coordinationCluster';
}

export interface BuildOptions {
  grouping: 'topicId' | 'coordinationCluster';
  /** account rid -> topic id (its most frequent topic), used when grouping by topic */
  topicOf?: ReadonlyMap<string, string>;
}

/**
 * The coordination graph: one Account node per clustered account, one coordination edge per linked pair. Groups
 * start on separate circles (ForceAtlas2 then pulls each together) so the first frame already shows them apart.
 */
export function buildCoordinationGraph(clusters: readonly ClusterData[], options: BuildOptions): NavigatorGraph {
  const graph: NavigatorGraph = new Graph({ type: 'undirected', multi: false });
  const groupOf = (rid: string, clusterId: string) =>
    options.grouping === 'topicId' ? (options.topicOf?.get(rid) ?? 'no topic') : clusterId;
  const groups = new Map<string, number>();
  const ring = Math.ceil(Math.sqrt(clusters.length || 1));
  clusters.forEach((cluster, c) => {
    const cx = (c % ring) * 100;
    const cy = Math.floor(c / ring) * 100;
    cluster.accounts.forEach((a, k) => {
      const group = groupOf(a.rid, cluster.cluster_id);
      if (!groups.has(group)) groups.set(group, groups.size);
      const angle = (2 * Math.PI * k) / Math.max(1, cluster.accounts.length);
      const key = nodeKey('accounts', a.rid);
      if (graph.hasNode(key)) return;
      graph.addNode(key, {
        x: cx + 30 * Math.cos(angle), y: cy + 30 * Math.sin(angle), size: 4, label: a.screen_name ? `@${a.screen_name}` : a.rid,
        color: GROUP_COLOURS[groups.get(group)! % GROUP_COLOURS.length]!, nodeType: 'accounts', ref: a.rid, group, clusterId: cluster.cluster_id,
      });
    });
    for (const e of cluster.edges) {
      const s = nodeKey('accounts', e.i);
      const t = nodeKey('accounts', e.j);
      if (!graph.hasNode(s) || !graph.hasNode(t) || graph.hasEdge(s, t)) continue;
      graph.addEdge(s, t, {
        edgeType: 'accountCoordinationEvidenceAccounts', weight: e.weight, size: Math.min(6, 0.5 + Math.log1p(e.weight)),
        color: NEUTRAL_COLOURS.coordinationEdge, coordinationTypes: e.coordination_types, clusterId: cluster.cluster_id,
      });
    }
  });
  // Hubs larger: size grows with the log of the degree.
  graph.forEachNode((n) => graph.setNodeAttribute(n, 'size', 3 + 2 * Math.log2(1 + graph.degree(n))));
  return graph;
}

function addNode(graph: NavigatorGraph, type: NodeType, ref: string, label: string, near: NodeAttributes, extra: Partial<NodeAttributes> = {}) {
  const key = nodeKey(type, ref);
  if (!graph.hasNode(key)) {
    graph.addNode(key, {
      x: near.x + (Math.random() - 0.5) * 10, y: near.y + (Math.random() - 0.5) * 10, size: 3, label, color: NODE_TYPE_COLOURS[type],
      nodeType: type, ref, group: null, clusterId: null, ...extra,
    });
  }
  return key;
}

export function addEdge(graph: NavigatorGraph, s: string, t: string, edgeType: EdgeType) {
  if (graph.hasEdge(s, t)) return;
  graph.addEdge(s, t, { edgeType, weight: 1, size: 1, color: NEUTRAL_COLOURS.evidenceEdge, coordinationTypes: [], clusterId: null });
}

/**
 * Expands an edge with its evidence: each proving post (accountPosts), the link, hashtag or domain the posts
 * shared (linkPosts, postHashtags, domainPosts, domainLinks). Nodes are keyed by value, so shared evidence joins.
 */
export function addEdgeEvidence(graph: NavigatorGraph, edge: EdgeData): void {
  const pairs: Array<[EdgeData['i'], 'post_i' | 'post_j']> = [[edge.i, 'post_i'], [edge.j, 'post_j']];
  for (const c of edge.coordinations) {
    for (const x of c.evidence) {
      for (const [account, side] of pairs) {
        const post = x[side];
        const accountKey = nodeKey('accounts', account.rid);
        if (!post || !graph.hasNode(accountKey)) continue;
        const near = graph.getNodeAttributes(accountKey);
        const postKey = addNode(graph, 'posts', post.rid, post.body.slice(0, 40), near, { postId: post.id, publishedAt: post.published_at });
        addEdge(graph, accountKey, postKey, 'accountPosts');
        if (c.type === 'SYNCHRONOUS_URL_SHARE') {
          const linkKey = addNode(graph, 'links', x.key, x.key, near);
          addEdge(graph, linkKey, postKey, 'linkPosts');
          const domain = x.key.split('/')[0]!;
          const domainKey = addNode(graph, 'domains', domain, domain, near);
          addEdge(graph, domainKey, linkKey, 'domainLinks');
        } else if (c.type === 'SYNCHRONOUS_HASHTAG_SHARE' || c.type === 'HASHTAG_SEQUENCE_SHARE') {
          for (const tag of x.key.split(/[\s,]+/).filter(Boolean)) {
            const tagKey = addNode(graph, 'hashtags', tag, `#${tag.replace(/^#/, '')}`, near);
            addEdge(graph, postKey, tagKey, 'postHashtags');
          }
        }
      }
    }
  }
}

/** Node keys the preset hides (sigma's nodeReducer marks them hidden). */
export function hiddenByPreset(graph: NavigatorGraph, preset: PresetId): Set<string> {
  const shown = new Set<NodeType>(PRESETS[preset].nodeTypes);
  const hidden = new Set<string>();
  graph.forEachNode((n, a) => { if (!shown.has(a.nodeType)) hidden.add(n); });
  return hidden;
}

/** Nodes whose label or ref contains the query (case-insensitive), best (shortest label) first. */
export function searchNodes(graph: NavigatorGraph, query: string, limit = 10): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const hits: Array<[string, number]> = [];
  graph.forEachNode((n, a) => {
    if (a.label.toLowerCase().includes(q) || a.ref.toLowerCase().includes(q)) hits.push([n, a.label.length]);
  });
  return hits.sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0])).slice(0, limit).map(([n]) => n);
}

/** A node and its neighbours (hover highlight). */
export function neighbourhood(graph: NavigatorGraph, node: string): Set<string> {
  return graph.hasNode(node) ? new Set([node, ...graph.neighbors(node)]) : new Set();
}

/** Legend entries: each group with its colour and number of accounts, largest first. */
export function legend(graph: NavigatorGraph): Array<{ group: string; color: string; accounts: number }> {
  const byGroup = new Map<string, { color: string; accounts: number }>();
  graph.forEachNode((_n, a) => {
    if (a.group === null) return;
    const g = byGroup.get(a.group) ?? { color: a.color, accounts: 0 };
    g.accounts += 1;
    byGroup.set(a.group, g);
  });
  return [...byGroup].map(([group, g]) => ({ group, ...g })).sort((x, y) => y.accounts - x.accounts || x.group.localeCompare(y.group));
}

/**
 * Graphs sigma cannot redraw within a frame without a GPU (about 0.1-0.5 s for 20k nodes and 100k edges in software):
 * the renderer settings, the hover highlight and the layout's pace change above this size.
 */
export const isLargeGraph = (nodes: number, edges: number) => nodes > 5_000 || edges > 20_000;
