import type { Dispatch, SetStateAction } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { usePanelCommand } from '@core/client/commands/usePanelCommand';
import type { Filters } from '@core/shared/filters';
import { edgeQuery, nodeQuery } from './api';
import {
  expandNeighbourhoodCommand, exportGexfCommand, exportGraphmlCommand, fitGraphCommand, focusAccountCommand, switchPresetCommand,
  toggleSharedLinksCommand,
} from './commands';
import { download } from './download';
import { addEdgeEvidence, type NavigatorGraph } from './graph/buildGraph';
import { toGexf, toGraphml } from './graph/exports';
import { PRESETS, type PresetId } from './graph/model';

/** narrative → coordination → actor → narrative */
export function nextPreset(preset: PresetId): PresetId {
  const ids = Object.keys(PRESETS) as PresetId[];
  return ids[(ids.indexOf(preset) + 1) % ids.length]!;
}

/** Adds the evidence (posts, links, hashtags) of every edge of `rid` in its cluster to the drawn graph. */
export async function expandNeighbourhood(
  queryClient: QueryClient, graph: NavigatorGraph, target: { conversationId: string; clusterId: string; rid: string; filters: Filters | null },
): Promise<void> {
  const { conversationId, clusterId, rid, filters } = target;
  const node = await queryClient.fetchQuery(nodeQuery(conversationId, clusterId, rid, filters));
  for (const other of node?.connected_accounts ?? []) {
    const edge = await queryClient.fetchQuery(edgeQuery(conversationId, clusterId, rid, other.rid, filters));
    if (edge) addEdgeEvidence(graph, edge);
  }
}

export interface NavigatorCommandTargets {
  paneId: string;
  conversationId: string | null;
  filters: Filters;
  /** The drawn graph; null while loading (the commands are then disabled). */
  graph: NavigatorGraph | null;
  fit: () => void;
  focusNode: (node: string) => void;
  setPreset: Dispatch<SetStateAction<PresetId>>;
  /** Turns the "Shared links" layer on or off; null when the URLs plugin is not installed (the command stays disabled). */
  toggleSharedLinks: (() => void) | null;
}

/** The navigator pane carries out the palette's coordination commands that need the drawn graph or the camera. */
export function useNavigatorCommands({ paneId, conversationId, filters, graph, fit, focusNode, setPreset, toggleSharedLinks }: NavigatorCommandTargets): void {
  const queryClient = useQueryClient();
  const drawn = graph !== null;
  usePanelCommand(switchPresetCommand, paneId, ({ preset }) => setPreset((current) => preset ?? nextPreset(current)));
  usePanelCommand(fitGraphCommand, paneId, drawn ? fit : null);
  usePanelCommand(toggleSharedLinksCommand, paneId, toggleSharedLinks);
  usePanelCommand(focusAccountCommand, paneId, drawn ? ({ rid }) => { if (rid) focusNode(`accounts:${rid}`); } : null);
  usePanelCommand(exportGexfCommand, paneId, graph ? () => download('coordination.gexf', 'application/gexf+xml', toGexf(graph)) : null);
  usePanelCommand(exportGraphmlCommand, paneId, graph ? () => download('coordination.graphml', 'application/graphml+xml', toGraphml(graph)) : null);
  usePanelCommand(expandNeighbourhoodCommand, paneId, graph && conversationId
    ? ({ rid, clusterId }) => (rid && clusterId ? expandNeighbourhood(queryClient, graph, { conversationId, clusterId, rid, filters }) : undefined)
    : null);
}
