import { createContext, useContext } from 'react';
import type { WorkbenchHost } from './host';

/**
 * The plugin host loads with the signed-in shell, not with /login: plugins' commands and schemas stay out of the
 * sign-in bundle. The router's authenticated route awaits `load()` before anything below it renders.
 */
export interface HostHolder {
  current: WorkbenchHost | null;
  load(): Promise<WorkbenchHost>;
}

export function createHostHolder(create: () => Promise<WorkbenchHost>): HostHolder {
  let pending: Promise<WorkbenchHost> | null = null;
  const holder: HostHolder = {
    current: null,
    load() {
      pending ??= create().then((host) => (holder.current = host));
      return pending;
    },
  };
  return holder;
}

const HostCtx = createContext<HostHolder | null>(null);
export const WorkbenchProvider = HostCtx.Provider;

export function useWorkbench(): WorkbenchHost {
  const holder = useContext(HostCtx);
  if (!holder) throw new Error('useWorkbench needs a WorkbenchProvider');
  if (!holder.current) throw new Error('The workbench host is not loaded yet (render it below the authenticated route)');
  return holder.current;
}
