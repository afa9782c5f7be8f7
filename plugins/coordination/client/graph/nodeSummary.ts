import type { NavigatorGraph } from './buildGraph';
import type { EdgeType, NodeType } from './model';

/**
 * What the graph knows about a URL, domain or hashtag node: the posts drawn with it and the accounts that created
 * them. The graph holds the evidence the navigator loaded (the edges the analyst opened), so these are the shares
 * that prove coordination, not every share in the conversation; the popups say so.
 */
export interface SharedPost { rid: string; label: string; postId: number | null; publishedAt: string | null; account: { rid: string; label: string } | null }
export interface SharingAccount { rid: string; label: string; posts: number; lastShared: string | null }
export interface NodeShares {
  posts: SharedPost[];
  /** the accounts, latest share first */
  accounts: SharingAccount[];
  firstSeen: string | null;
  lastSeen: string | null;
}

function neighboursBy(graph: NavigatorGraph, node: string, edgeType: EdgeType, nodeType: NodeType): string[] {
  if (!graph.hasNode(node)) return [];
  return graph.neighbors(node).filter((n) =>
    graph.getNodeAttribute(n, 'nodeType') === nodeType && graph.getEdgeAttribute(graph.edge(node, n)!, 'edgeType') === edgeType);
}

/** The post nodes of a URL (`linkPosts`), a domain (`domainPosts` and its URLs' posts) or a hashtag (`postHashtags`). */
export function postsOfNode(graph: NavigatorGraph, node: string): string[] {
  if (!graph.hasNode(node)) return [];
  const type = graph.getNodeAttribute(node, 'nodeType');
  if (type === 'links') return neighboursBy(graph, node, 'linkPosts', 'posts');
  if (type === 'hashtags') return neighboursBy(graph, node, 'postHashtags', 'posts');
  if (type === 'domains') {
    const viaLinks = neighboursBy(graph, node, 'domainLinks', 'links').flatMap((l) => neighboursBy(graph, l, 'linkPosts', 'posts'));
    return [...new Set([...neighboursBy(graph, node, 'domainPosts', 'posts'), ...viaLinks])];
  }
  return [];
}

const latestFirst = (a: string | null, b: string | null) => (b ?? '').localeCompare(a ?? '');

export function nodeShares(graph: NavigatorGraph, node: string): NodeShares {
  const posts: SharedPost[] = postsOfNode(graph, node).map((p) => {
    const a = graph.getNodeAttributes(p);
    const author = neighboursBy(graph, p, 'accountPosts', 'accounts')[0];
    return {
      rid: a.ref, label: a.label, postId: a.postId ?? null, publishedAt: a.publishedAt ?? null,
      account: author ? { rid: graph.getNodeAttribute(author, 'ref'), label: graph.getNodeAttribute(author, 'label') } : null,
    };
  }).sort((x, y) => latestFirst(x.publishedAt, y.publishedAt) || x.rid.localeCompare(y.rid));
  const accounts = new Map<string, SharingAccount>();
  for (const p of posts) {
    if (!p.account) continue;
    const a = accounts.get(p.account.rid) ?? { ...p.account, posts: 0, lastShared: null };
    a.posts += 1;
    if (latestFirst(a.lastShared, p.publishedAt) > 0) a.lastShared = p.publishedAt;
    accounts.set(a.rid, a);
  }
  const dates = posts.flatMap((p) => (p.publishedAt ? [p.publishedAt] : [])).sort();
  return {
    posts,
    accounts: [...accounts.values()].sort((x, y) => latestFirst(x.lastShared, y.lastShared) || x.label.localeCompare(y.label)),
    firstSeen: dates[0] ?? null,
    lastSeen: dates.at(-1) ?? null,
  };
}
