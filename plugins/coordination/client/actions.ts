import type { Selected, SelectionService } from '@core/client/selection/selectionService';
import { accountKind, clusterKind } from '@core/client/selection/kinds';

/** Selects a cluster and opens its popup (the cluster list, the palette's "Open coordination cluster"). */
export function showCluster(selection: SelectionService, clusterId: string): void {
  selection.select(clusterKind, { clusterId });
  selection.openPopup(clusterKind, { clusterId });
}

/** Selects an account (with the cluster it was reached through) and opens its user popup. */
export function showAccount(selection: SelectionService, rid: string, clusterId: string | null): void {
  selection.select(accountKind, { rid, clusterId });
  selection.openPopup(accountKind, { rid, clusterId });
}

/** The selected account with its cluster, when an account is selected. */
export function selectedAccount(selected: Selected | null): { rid: string; clusterId: string | null } | null {
  if (selected?.kind !== accountKind.kind) return null;
  const { rid, clusterId } = selected.payload as { rid: string; clusterId?: string | null };
  return { rid, clusterId: clusterId ?? null };
}

/** The cluster the selection is about: a selected cluster, or the cluster of a selected account. */
export function selectedClusterId(selected: Selected | null): string | null {
  if (selected?.kind === clusterKind.kind) return (selected.payload as { clusterId: string }).clusterId;
  return selectedAccount(selected)?.clusterId ?? null;
}
