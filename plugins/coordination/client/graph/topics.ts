import { addEdge, nodeKey, type NavigatorGraph } from './buildGraph';
import { NODE_TYPE_COLOURS } from './model';

/**
 * Topic nodes (node type Topic): one per topic that a drawn account posts in most often (the stage stores each
 * clustered account's most frequent topic), labelled with its narrative's title, linked to those accounts
 * (`accountTopics`). A topic starts at the centre of its accounts; its size grows with their number. Topic nodes have
 * no group, so the legend still counts accounts only.
 */
export function addTopicNodes(graph: NavigatorGraph, topicOf: ReadonlyMap<string, string>, titles: ReadonlyMap<string, string>): number {
  const members = new Map<string, string[]>();
  for (const [rid, topicId] of topicOf) {
    const account = nodeKey('accounts', rid);
    if (!graph.hasNode(account)) continue;
    members.set(topicId, [...(members.get(topicId) ?? []), account]);
  }
  for (const [topicId, accounts] of members) {
    const key = nodeKey('topics', topicId);
    if (!graph.hasNode(key)) {
      const xs = accounts.map((a) => graph.getNodeAttribute(a, 'x'));
      const ys = accounts.map((a) => graph.getNodeAttribute(a, 'y'));
      graph.addNode(key, {
        x: xs.reduce((s, v) => s + v, 0) / xs.length, y: ys.reduce((s, v) => s + v, 0) / ys.length,
        size: 4 + 2 * Math.log2(1 + accounts.length), label: titles.get(topicId) ?? `Topic ${topicId}`,
        color: NODE_TYPE_COLOURS.topics, nodeType: 'topics', ref: topicId, group: null, clusterId: null,
      });
    }
    for (const account of accounts) addEdge(graph, account, key, 'accountTopics');
  }
  return members.size;
}
