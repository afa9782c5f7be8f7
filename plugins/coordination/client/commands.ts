import type { CommandContext, CommandDefinition } from '@core/client/plugin/contract';
import { apiKey, filtersKey } from '@core/client/services/keys';
import { clusterQuery, clustersQuery, edgeQuery, nodeQuery } from './api';
import { currentGraph } from './currentGraph';
import { addEdgeEvidence } from './graph/buildGraph';
import { evidenceCsv, toGexf, toGraphml } from './graph/exports';
import { coordinationSelectionKey, type CoordinationSelection } from './selection';

const inConversation = (ctx: CommandContext) => ctx.conversationId !== null;
const sel = (ctx: CommandContext): CoordinationSelection => ctx.services.get(coordinationSelectionKey);

/** The selected cluster, else the conversation's largest. */
async function targetCluster(ctx: CommandContext): Promise<string | null> {
  const chosen = sel(ctx).get().clusterId;
  if (chosen || !ctx.conversationId) return chosen;
  const list = await ctx.services.get(apiKey).queryClient.fetchQuery(clustersQuery(ctx.conversationId, null));
  return list?.clusters[0]?.cluster_id ?? null;
}

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const needsGraph = () => (currentGraph() ? true : 'Open the network navigator first');

export const coordinationCommands: CommandDefinition[] = [
  {
    id: 'coordination.openCluster', title: 'Open coordination cluster', category: 'Coordination', keywords: ['popup', 'accounts'],
    when: inConversation,
    run: async (ctx) => {
      const clusterId = await targetCluster(ctx);
      if (!clusterId) return;
      sel(ctx).selectCluster(clusterId);
      sel(ctx).openPopup({ type: 'cluster', clusterId });
    },
  },
  {
    id: 'coordination.focusAccount', title: 'Focus selected account in the network', category: 'Coordination', keywords: ['zoom', 'center'],
    when: inConversation,
    enabled: (ctx) => (sel(ctx).get().account ? true : 'Select an account first'),
    run: (ctx) => sel(ctx).requestFocus(),
  },
  {
    id: 'coordination.fitGraph', title: 'Fit network to view', category: 'Coordination', keywords: ['zoom', 'reset'],
    when: inConversation,
    run: (ctx) => sel(ctx).requestFit(),
  },
  {
    id: 'coordination.filterToCluster', title: 'Filter posts to coordination cluster', category: 'Coordination', keywords: ['filter'],
    when: inConversation,
    run: async (ctx) => {
      const clusterId = await targetCluster(ctx);
      if (!clusterId) return;
      const filters = ctx.services.get(filtersKey);
      filters.set({ ...filters.get(), coordination_cluster: { [clusterId]: true } });
    },
  },
  {
    id: 'coordination.exportGexf', title: 'Export network as GEXF (Gephi)', category: 'Coordination', keywords: ['download', 'gephi'],
    when: inConversation, enabled: needsGraph,
    run: () => { const g = currentGraph(); if (g) download('coordination.gexf', 'application/gexf+xml', toGexf(g)); },
  },
  {
    id: 'coordination.exportGraphml', title: 'Export network as GraphML', category: 'Coordination', keywords: ['download'],
    when: inConversation, enabled: needsGraph,
    run: () => { const g = currentGraph(); if (g) download('coordination.graphml', 'application/graphml+xml', toGraphml(g)); },
  },
];

/** Every edge of a cluster with its evidence (at most MAX_EXPORT_EDGES, strongest first). */
const MAX_EXPORT_EDGES = 200;

export const moreCoordinationCommands: CommandDefinition[] = [
  {
    id: 'coordination.switchPreset', title: 'Switch network preset (narrative, coordination, actor)', category: 'Coordination', keywords: ['view'],
    when: inConversation,
    run: (ctx) => sel(ctx).nextPreset(),
  },
  {
    id: 'coordination.expandNeighbourhood', title: "Expand selected account's neighbourhood", category: 'Coordination',
    keywords: ['evidence', 'posts', 'links'],
    when: inConversation,
    enabled: (ctx) => (sel(ctx).get().account && sel(ctx).get().clusterId ? (currentGraph() ? true : 'Open the network navigator first') : 'Select an account first'),
    run: async (ctx) => {
      const { account, clusterId } = sel(ctx).get();
      const graph = currentGraph();
      if (!account || !clusterId || !graph || !ctx.conversationId) return;
      const { queryClient } = ctx.services.get(apiKey);
      const filters = ctx.services.get(filtersKey).get();
      const node = await queryClient.fetchQuery(nodeQuery(ctx.conversationId, clusterId, account, filters));
      for (const other of node?.connected_accounts ?? []) {
        const edge = await queryClient.fetchQuery(edgeQuery(ctx.conversationId, clusterId, account, other.rid, filters));
        if (edge) addEdgeEvidence(graph, edge);
      }
    },
  },
  {
    id: 'coordination.exportEvidence', title: 'Export cluster evidence as CSV', category: 'Coordination', keywords: ['download', 'posts'],
    when: inConversation,
    run: async (ctx) => {
      const clusterId = await targetCluster(ctx);
      if (!clusterId || !ctx.conversationId) return;
      const { queryClient } = ctx.services.get(apiKey);
      const filters = ctx.services.get(filtersKey).get();
      const cluster = await queryClient.fetchQuery(clusterQuery(ctx.conversationId, clusterId, filters));
      const edges = [];
      for (const e of (cluster?.edges ?? []).slice(0, MAX_EXPORT_EDGES)) {
        const edge = await queryClient.fetchQuery(edgeQuery(ctx.conversationId, clusterId, e.i, e.j, filters));
        if (edge) edges.push(edge);
      }
      download(`coordination-${clusterId}-evidence.csv`, 'text/csv', evidenceCsv(edges));
    },
  },
];
