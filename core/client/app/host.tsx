import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ServiceRegistry } from '@core/shared/services/registry';
import type { ClientPlugin, ShellSlot } from '../plugin/contract';
import type { MyOrganizationPage } from './routes';
import { PanelRegistry } from '../workspace/panelRegistry';
import { CommandRegistry } from '../commands/registry';
import { panelOpenCommands } from '../commands/registry';
import { coreCommands } from '../commands/coreCommands';
import { shellCommands } from '../shell/shellCommands';
import { reportLog } from '../api/logReporter';

/** Everything the browser host composed from the plugins: panels, commands, services and shell slots. */
export interface WorkbenchHost {
  plugins: readonly ClientPlugin[];
  panels: PanelRegistry;
  commands: CommandRegistry;
  services: ServiceRegistry;
  slots: Partial<Record<ShellSlot, LazyExoticComponent<ComponentType>>>;
  /** /myOrganization pages contributed by plugins. */
  organizationPages: Partial<Record<MyOrganizationPage, LazyExoticComponent<ComponentType>>>;
}

export function createWorkbenchHost(plugins: readonly ClientPlugin[]): WorkbenchHost {
  const panels = PanelRegistry.fromPlugins(plugins, { onWarning: (w) => reportLog('warn', w.message) });
  const commands = new CommandRegistry();
  commands.register(coreCommands());
  commands.register(shellCommands());
  commands.register(panelOpenCommands(panels.list()));
  for (const p of plugins) commands.register(p.commands ?? []);
  const services = new ServiceRegistry();
  const slots: WorkbenchHost['slots'] = {};
  for (const p of plugins) {
    for (const [slot, load] of Object.entries(p.slots ?? {}) as Array<[ShellSlot, () => Promise<{ default: ComponentType }>]>) {
      slots[slot] ??= lazy(load);
    }
  }
  const organizationPages: WorkbenchHost['organizationPages'] = {};
  for (const p of plugins) {
    for (const [page, load] of Object.entries(p.organizationPages ?? {}) as Array<[MyOrganizationPage, () => Promise<{ default: ComponentType }>]>) {
      organizationPages[page] ??= lazy(load);
    }
  }
  for (const p of plugins) p.activate?.(services);
  return { plugins, panels, commands, services, slots, organizationPages };
}

/** Kept for pages that import it from here; new code imports it from './hostContext'. */
export { useWorkbench } from './hostContext';
