import { useEffect, useState, useSyncExternalStore } from 'react';

/** What a palette command asked the narratives panel to let the user pick. */
export type NarrativePick = 'open' | 'filter' | 'compare';

/**
 * Which narrative popup is open, which two narratives are compared, and which pick a command asked for:
 * browser-only UI state shared by the narratives panel and the palette commands (a command asks, the panel,
 * which holds the data, shows the dialog). Not persisted.
 */
export interface NarrativeUiState {
  popupId: string | null;
  compare: [string, string] | null;
  pick: NarrativePick | null;
}

const EMPTY: NarrativeUiState = { popupId: null, compare: null, pick: null };
let state: NarrativeUiState = EMPTY;
const listeners = new Set<() => void>();
const set = (next: Partial<NarrativeUiState>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

export const narrativeUi = {
  get: () => state,
  openPopup: (id: string) => set({ popupId: id, pick: null }),
  closePopup: () => set({ popupId: null }),
  compare: (a: string, b: string) => set({ compare: [a, b], pick: null }),
  closeCompare: () => set({ compare: null }),
  askPick: (pick: NarrativePick) => set({ pick }),
  closePick: () => set({ pick: null }),
  reset: () => set(EMPTY),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => { listeners.delete(listener); };
  },
};

export const useNarrativeUi = () => useSyncExternalStore(narrativeUi.subscribe, narrativeUi.get);

/**
 * Narratives panels mounted now, oldest first. The popup, the comparison and the picker are browser-wide, so only
 * the oldest panel draws them (two panels would otherwise show two identical popups).
 */
const hosts: string[] = [];
const hostListeners = new Set<() => void>();

export function useIsDialogHost(paneId: string): boolean {
  const [, rerender] = useState(0);
  useEffect(() => {
    hosts.push(paneId);
    const listener = () => rerender((n) => n + 1);
    hostListeners.add(listener);
    hostListeners.forEach((l) => l());
    return () => {
      hosts.splice(hosts.indexOf(paneId), 1);
      hostListeners.delete(listener);
      hostListeners.forEach((l) => l());
    };
  }, [paneId]);
  return hosts[0] === paneId;
}
