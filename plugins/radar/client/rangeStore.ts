import { useSyncExternalStore } from 'react';
import { DEFAULT_DATE_RANGE, type DateRange } from '../shared/api';

/**
 * The Topic Radar range of this tab (home and Risk Radar tab alike): LAST_WEEK until the user or the "Change Topic
 * Radar range" command picks another. Not persisted: the spec's default is Past Week.
 */
let current: DateRange = DEFAULT_DATE_RANGE;
const listeners = new Set<() => void>();

export const radarRange = {
  get: (): DateRange => current,
  set(next: DateRange): void {
    if (next === current) return;
    current = next;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useRadarRange = (): DateRange => useSyncExternalStore(radarRange.subscribe, radarRange.get, radarRange.get);
