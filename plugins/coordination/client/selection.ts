import { useEffect, useSyncExternalStore } from 'react';
import { serviceKey } from '@core/shared/services/registry';
import { PRESETS, type NodeType, type PresetId } from './graph/model';

/** What a profile popup shows (spec part 2 section 2: kinds user, url, coordination, graph). */
export type PopupRequest =
  | { type: 'user'; rid: string; clusterId: string | null }
  | { type: 'coordination'; clusterId: string; i: string; j: string }
  | { type: 'cluster'; clusterId: string }
  | { type: 'graph'; nodeType: NodeType; ref: string; label: string; postId?: number };

export interface CoordinationSelectionState {
  clusterId: string | null;
  /** selected account rid */
  account: string | null;
  popup: PopupRequest | null;
  /** increments ask the navigator to fit the view / focus the selected account */
  fitRequest: number;
  focusRequest: number;
  /** the navigator's preset (`viz:preset`); the navigator sets it from the URL when it opens */
  preset: PresetId;
  /** panes able to draw popups, in mount order; the first one draws them (one popup on screen) */
  layers: string[];
}

/**
 * Selection shared by the coordination panels and commands: the navigator, the cluster list and the popups read
 * and change the same cluster, account and popup. Lives as long as the app (the panels come and go).
 */
export class CoordinationSelection {
  private state: CoordinationSelectionState = { clusterId: null, account: null, popup: null, fitRequest: 0, focusRequest: 0, preset: 'narrative', layers: [] };
  private readonly listeners = new Set<() => void>();

  get = (): CoordinationSelectionState => this.state;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  private set(patch: Partial<CoordinationSelectionState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  selectCluster(clusterId: string | null) { this.set({ clusterId }); }
  selectAccount(rid: string | null, clusterId?: string | null) { this.set({ account: rid, ...(clusterId !== undefined ? { clusterId } : {}) }); }
  /** A popup request without a type is a programming error: it is logged and nothing opens (spec). */
  openPopup(popup: PopupRequest | null | undefined) {
    if (popup && !(popup as { type?: unknown }).type) {
      console.warn('Profile popup requested without a type; nothing to show');
      return;
    }
    this.set({ popup: popup ?? null });
  }
  clearPopup() { this.set({ popup: null }); }
  requestFit() { this.set({ fitRequest: this.state.fitRequest + 1 }); }
  requestFocus() { this.set({ focusRequest: this.state.focusRequest + 1 }); }
  setPreset(preset: PresetId) { this.set({ preset }); }
  /** narrative → coordination → actor → narrative */
  nextPreset() {
    const ids = Object.keys(PRESETS) as PresetId[];
    this.setPreset(ids[(ids.indexOf(this.state.preset) + 1) % ids.length]!);
  }
  addLayer(paneId: string) { this.set({ layers: [...this.state.layers.filter((l) => l !== paneId), paneId] }); }
  removeLayer(paneId: string) { this.set({ layers: this.state.layers.filter((l) => l !== paneId) }); }
  reset() { this.state = { clusterId: null, account: null, popup: null, fitRequest: 0, focusRequest: 0, preset: 'narrative', layers: [] }; }
}

/** The app's one selection (commands reach it as the `coordination.selection` service). */
export const selection = new CoordinationSelection();
export const coordinationSelectionKey = serviceKey<CoordinationSelection>('coordination.selection');

export function useSelection(): CoordinationSelectionState {
  return useSyncExternalStore(selection.subscribe, selection.get, selection.get);
}

/** True for the pane that draws the popups (the first mounted coordination panel). */
export function usePopupLayer(paneId: string): boolean {
  useEffect(() => {
    selection.addLayer(paneId);
    return () => selection.removeLayer(paneId);
  }, [paneId]);
  return useSelection().layers[0] === paneId;
}
