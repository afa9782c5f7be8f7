import { z } from 'zod';
import { defineCommand, type CommandContext, type CommandDefinition } from '@core/client/plugin/contract';
import { handOver, whenHandled } from '@core/client/commands/panelHandlers';
import { apiKey, filtersKey, selectionKey } from '@core/client/services/keys';
import { clusterQuery, clustersQuery, edgeQuery } from './api';
import { selectedAccount, selectedClusterId, showCluster } from './actions';
import { download } from './download';
import { evidenceCsv } from './graph/exports';
import { PRESETS, type PresetId } from './graph/model';

const IN_CONVERSATION = 'conversationId';
const NEEDS_NAVIGATOR = 'Open the network navigator first';
const selection = (ctx: CommandContext) => ctx.services.get(selectionKey).getSnapshot().selection;

/** Cluster commands act on `clusterId` when given, else on the selected cluster, else on the largest. */
const clusterArgs = z.object({ clusterId: z.string().min(1).optional() }).default({});

async function targetCluster(ctx: CommandContext, given: string | undefined): Promise<string | null> {
  const chosen = given ?? selectedClusterId(selection(ctx));
  if (chosen || !ctx.conversationId) return chosen;
  const list = await ctx.services.get(apiKey).queryClient.fetchQuery(clustersQuery(ctx.conversationId, null));
  return list?.clusters[0]?.cluster_id ?? null;
}

/** Disabled until an account is selected, then until a navigator can act on it. */
const needsAccountAndNavigator = (commandId: string) => (ctx: CommandContext) =>
  selectedAccount(selection(ctx)) ? whenHandled(commandId, NEEDS_NAVIGATOR)(ctx) : 'Select an account first';

export const openClusterCommand = defineCommand({
  id: 'coordination.openCluster', title: 'Open coordination cluster', category: 'Coordination', keywords: ['popup', 'accounts'],
  when: IN_CONVERSATION,
  args: clusterArgs,
  run: async (ctx, { clusterId }) => {
    const target = await targetCluster(ctx, clusterId);
    if (target) showCluster(ctx.services.get(selectionKey), target);
  },
});

export const filterToClusterCommand = defineCommand({
  id: 'coordination.filterToCluster', title: 'Filter posts to coordination cluster', category: 'Coordination', keywords: ['filter'],
  when: IN_CONVERSATION,
  args: clusterArgs,
  run: async (ctx, { clusterId }) => {
    const target = await targetCluster(ctx, clusterId);
    if (!target) return;
    const filters = ctx.services.get(filtersKey);
    filters.set({ ...filters.get(), coordination_cluster: { [target]: true } });
  },
});

/** Every edge of a cluster with its evidence (at most MAX_EXPORT_EDGES, strongest first). */
const MAX_EXPORT_EDGES = 200;

export const exportEvidenceCommand = defineCommand({
  id: 'coordination.exportEvidence', title: 'Export cluster evidence as CSV', category: 'Coordination', keywords: ['download', 'posts'],
  when: IN_CONVERSATION,
  args: clusterArgs,
  run: async (ctx, { clusterId: given }) => {
    const clusterId = await targetCluster(ctx, given);
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
});

// The commands below are carried out by the network navigator, which holds the drawn graph and the camera: each
// hands its arguments to the navigator pane (`usePanelCommand` in navigatorCommands.ts) and is disabled until one is
// open with a graph.

export const focusAccountCommand = defineCommand({
  id: 'coordination.focusAccount', title: 'Focus selected account in the network', category: 'Coordination', keywords: ['zoom', 'center'],
  when: IN_CONVERSATION,
  enabled: needsAccountAndNavigator('coordination.focusAccount'),
  /** The account to centre on; the selected one by default. */
  args: z.object({ rid: z.string().min(1).optional() }).default({}),
  run: async (ctx, { rid }) => {
    const account = rid ?? selectedAccount(selection(ctx))?.rid;
    if (account) await handOver(ctx, 'coordination.focusAccount', { rid: account });
  },
});

export const fitGraphCommand = defineCommand({
  id: 'coordination.fitGraph', title: 'Fit network to view', category: 'Coordination', keywords: ['zoom', 'reset'],
  when: IN_CONVERSATION,
  enabled: whenHandled('coordination.fitGraph', NEEDS_NAVIGATOR),
  run: (ctx) => handOver(ctx, 'coordination.fitGraph', undefined),
});

export const exportGexfCommand = defineCommand({
  id: 'coordination.exportGexf', title: 'Export network as GEXF (Gephi)', category: 'Coordination', keywords: ['download', 'gephi'],
  when: IN_CONVERSATION,
  enabled: whenHandled('coordination.exportGexf', NEEDS_NAVIGATOR),
  run: (ctx) => handOver(ctx, 'coordination.exportGexf', undefined),
});

export const exportGraphmlCommand = defineCommand({
  id: 'coordination.exportGraphml', title: 'Export network as GraphML', category: 'Coordination', keywords: ['download'],
  when: IN_CONVERSATION,
  enabled: whenHandled('coordination.exportGraphml', NEEDS_NAVIGATOR),
  run: (ctx) => handOver(ctx, 'coordination.exportGraphml', undefined),
});

const PRESET_IDS = Object.keys(PRESETS) as [PresetId, ...PresetId[]];

export const switchPresetCommand = defineCommand({
  id: 'coordination.switchPreset', title: 'Switch network preset (narrative, coordination, actor)', category: 'Coordination', keywords: ['view'],
  when: IN_CONVERSATION,
  enabled: whenHandled('coordination.switchPreset', NEEDS_NAVIGATOR),
  /** The preset to show; the next one (narrative → coordination → actor → narrative) by default. */
  args: z.object({ preset: z.enum(PRESET_IDS).optional() }).default({}),
  run: (ctx, args) => handOver(ctx, 'coordination.switchPreset', args),
});

export const expandNeighbourhoodCommand = defineCommand({
  id: 'coordination.expandNeighbourhood', title: "Expand selected account's neighbourhood", category: 'Coordination',
  keywords: ['evidence', 'posts', 'links'],
  when: IN_CONVERSATION,
  enabled: (ctx) => {
    const account = selectedAccount(selection(ctx));
    return account?.clusterId ? whenHandled('coordination.expandNeighbourhood', NEEDS_NAVIGATOR)(ctx) : 'Select an account first';
  },
  /** The account and its cluster; the selected account by default. */
  args: z.object({ rid: z.string().min(1), clusterId: z.string().min(1) }).partial().default({}),
  run: async (ctx, args) => {
    const account = selectedAccount(selection(ctx));
    const rid = args.rid ?? account?.rid;
    const clusterId = args.clusterId ?? account?.clusterId;
    if (rid && clusterId) await handOver(ctx, 'coordination.expandNeighbourhood', { rid, clusterId });
  },
});

export const toggleSharedLinksCommand = defineCommand({
  id: 'coordination.toggleSharedLinks', title: 'Show or hide shared links in the network', category: 'Coordination',
  keywords: ['urls', 'domains', 'co-url', 'layer'],
  when: IN_CONVERSATION,
  enabled: whenHandled('coordination.toggleSharedLinks', NEEDS_NAVIGATOR),
  run: (ctx) => handOver(ctx, 'coordination.toggleSharedLinks', undefined),
});

export const coordinationCommands: CommandDefinition[] = [
  openClusterCommand, focusAccountCommand, fitGraphCommand, filterToClusterCommand, exportGexfCommand, exportGraphmlCommand,
];

export const moreCoordinationCommands: CommandDefinition[] = [switchPresetCommand, expandNeighbourhoodCommand, exportEvidenceCommand, toggleSharedLinksCommand];
