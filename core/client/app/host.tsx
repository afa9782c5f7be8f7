import { filterDimensions } from '@core/shared/filters/dimensions';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ServiceRegistry } from '@core/shared/services/registry';
import { ScopedServiceRegistry } from '@core/shared/services/scoped';
import { planActivation } from '@core/shared/plugin/activationOrder';
import type { ClientPlugin, ShellSlot } from '../plugin/contract';
import { coreClientServices } from '../plugin/coreServices';
import type { MyOrganizationPage } from './routes';
import { PanelRegistry } from '../workspace/panelRegistry';
import { CommandRegistry } from '../commands/registry';
import { panelOpenCommands } from '../commands/registry';
import { coreCommands } from '../commands/coreCommands';
import { shellCommands } from '../shell/shellCommands';
import { commandsServiceKey } from '../commands/commandService';
import { ContextKeyService } from '../commands/contextKeys';
import { SelectionService } from '../selection/selectionService';
import { contextKeysKey, selectionKey } from '../services/keys';
import { workspaceContextFields } from '../workspace/workspaceService';
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
  /** Runs the plugins' activate disposers, last activated first. */
  dispose(): void;
}

/**
 * An undeclared service use throws in development and tests, where it shows while the code is being written. A
 * production build reports it and lets the call go ahead: a plugin may keep its registry for calls long after
 * start-up, and a user's action should not fail over a missing declaration.
 */
const onUndeclared = import.meta.env.PROD ? (message: string) => reportLog('warn', message) : undefined;

export function createWorkbenchHost(plugins: readonly ClientPlugin[]): WorkbenchHost {
  const plan = planActivation(plugins, coreClientServices);
  if (plan.problems.length) throw new Error(`Plugin contract problems:\n- ${plan.problems.join('\n- ')}`);
  const panels = PanelRegistry.fromPlugins(plugins, { onWarning: (w) => reportLog('warn', w.message) });
  const services = new ServiceRegistry();
  // Until the shell mounts and gives the route, `execute` runs commands outside any conversation.
  const commands = new CommandRegistry({
    context: () => ({ conversationId: null, projectName: null, tab: null, subtab: null, ...workspaceContextFields(services), services }),
  });
  commands.register(coreCommands());
  commands.register(shellCommands());
  commands.register(panelOpenCommands(panels.list()));
  for (const p of plugins) commands.register(p.commands ?? []);
  // Core's own services, there before any plugin activates (plugins register popup renderers in `activate`).
  services.provide(commandsServiceKey, commands);
  services.provide(selectionKey, new SelectionService());
  services.provide(contextKeysKey, new ContextKeyService());
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
  // The plugins' filter dimensions join the vocabulary the codec and the filters panel read (ADR 0007).
  const disposers: Array<() => void> = [filterDimensions.register(plugins.flatMap((p) => p.dimensions ?? []))];
  for (const p of plan.order) {
    if (!p.activate) continue;
    // Providers first; each sees a registry scoped to what it declared (ScopedServiceRegistry).
    const scoped = new ScopedServiceRegistry(services, { plugin: p.manifest.id, declared: p.services, core: coreClientServices, onUndeclared });
    disposers.push(...(p.activate(scoped) ?? []));
  }
  const dispose = () => { for (const d of disposers.splice(0).reverse()) d(); };
  return { plugins, panels, commands, services, slots, organizationPages, dispose };
}

/** Kept for pages that import it from here; new code imports it from './hostContext'. */
export { useWorkbench } from './hostContext';
