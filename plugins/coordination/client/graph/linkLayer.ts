import type { CoUrl } from '@plugins/urls/shared/public';
import { addEdge, nodeKey, type NavigatorGraph } from './buildGraph';
import { NODE_TYPE_COLOURS, type NodeType } from './model';

/**
 * The navigator's "Shared links" layer (issue 14): the links several accounts of the conversation shared (the URLs
 * plugin's co-urls under the workspace filters), drawn as URL nodes tied to the accounts that posted them
 * (accountLinks) and to their domain node (domainLinks). Accounts that share the same set of links thus meet on
 * the same URL nodes. Sharers the coordination graph does not hold join as plain account nodes (no cluster, no
 * group colour). Every node it adds is marked `linkLayer`, so presets never hide it while the layer is on.
 */
export function addSharedLinks(graph: NavigatorGraph, links: readonly CoUrl[]): void {
  let placed = 0;
  /** Next to a drawn account when there is one, else on a ring around the origin (ForceAtlas2 then settles it). */
  const near = (anchor: string | null) => {
    if (anchor && graph.hasNode(anchor)) {
      const a = graph.getNodeAttributes(anchor);
      return { x: a.x + (Math.random() - 0.5) * 20, y: a.y + (Math.random() - 0.5) * 20 };
    }
    const angle = placed++ * 2.399963;
    return { x: 200 * Math.cos(angle), y: 200 * Math.sin(angle) };
  };
  const add = (type: NodeType, ref: string, label: string, anchor: string | null) => {
    const key = nodeKey(type, ref);
    if (!graph.hasNode(key)) {
      graph.addNode(key, { ...near(anchor), size: 3, label, color: NODE_TYPE_COLOURS[type], nodeType: type, ref, group: null, clusterId: null, linkLayer: true });
    } else {
      graph.setNodeAttribute(key, 'linkLayer', true);
    }
    return key;
  };
  for (const link of links) {
    const drawn = link.creator_ids.map((rid) => nodeKey('accounts', rid)).find((k) => graph.hasNode(k)) ?? null;
    const linkKey = add('links', link.url, link.url, drawn);
    if (link.domain) addEdge(graph, add('domains', link.domain, link.domain, linkKey), linkKey, 'domainLinks');
    link.creator_ids.forEach((rid, k) => {
      const name = link.names[k];
      const accountKey = add('accounts', rid, name ? `@${name}` : rid, linkKey);
      addEdge(graph, accountKey, linkKey, 'accountLinks');
    });
  }
  // Hubs larger, as the coordination graph sizes its accounts: a link many accounts shared stands out.
  graph.forEachNode((n, a) => { if (a.linkLayer) graph.setNodeAttribute(n, 'size', 3 + 2 * Math.log2(1 + graph.degree(n))); });
}

/** The layer as the list beside the canvas shows it: domains, most accounts first, each with its links. */
export function sharedLinksByDomain(links: readonly CoUrl[]): Array<{ domain: string | null; links: Array<{ url: string; accounts: number }> }> {
  const byDomain = new Map<string | null, Array<{ url: string; accounts: number }>>();
  for (const l of links) byDomain.set(l.domain, [...(byDomain.get(l.domain) ?? []), { url: l.url, accounts: l.creator_ids.length }]);
  const total = (rows: Array<{ accounts: number }>) => rows.reduce((n, r) => n + r.accounts, 0);
  return [...byDomain].map(([domain, rows]) => ({ domain, links: rows }))
    .sort((a, b) => total(b.links) - total(a.links) || (a.domain ?? '').localeCompare(b.domain ?? ''));
}
