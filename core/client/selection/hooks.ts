import { useSyncExternalStore } from 'react';
import { useWorkbench } from '@core/client/app/hostContext';
import { selectionKey } from '@core/client/services/keys';
import type { SelectionKind } from './kinds';
import type { SelectionService, SelectionSnapshot } from './selectionService';

/** The workbench's selection service (`core.selection`), to select things and open popups from a component. */
export function useSelectionService(): SelectionService {
  return useWorkbench().services.get(selectionKey);
}

/** The selection and open popups, re-rendering when they change. */
export function useSelectionSnapshot(): SelectionSnapshot {
  const service = useSelectionService();
  return useSyncExternalStore(service.subscribe, service.getSnapshot, service.getSnapshot);
}

/** The selection's payload while something of `kind` is selected, else null. */
export function useSelected<P>(kind: SelectionKind<P>): P | null {
  const { selection } = useSelectionSnapshot();
  return selection?.kind === kind.kind ? (selection.payload as P) : null;
}
