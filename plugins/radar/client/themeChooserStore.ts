import { useSyncExternalStore } from 'react';

/** Whether the theme chooser is open: the home view's button and the palette command open it, the dialog closes it. */
let open = false;
const listeners = new Set<() => void>();

export const themeChooser = {
  isOpen: (): boolean => open,
  set(next: boolean): void {
    if (next === open) return;
    open = next;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useThemeChooserOpen = (): boolean => useSyncExternalStore(themeChooser.subscribe, themeChooser.isOpen, themeChooser.isOpen);
