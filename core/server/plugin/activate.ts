import type { ServiceRegistry } from '@core/shared/services/registry';
import { planActivation } from '@core/shared/plugin/activationOrder';
import { ScopedServiceRegistry } from '@core/shared/services/scoped';
import type { ServerPlugin } from './contract';
import type { ServerContext } from './context';
import { coreServerServices } from './coreServices';

type Disposer = () => Promise<void> | void;

/**
 * Activates plugins providers-first (planActivation; serverPluginProblems has already refused missing services and
 * cycles), each `activate` seeing a registry scoped to its declarations. Answers the disposers in activation
 * order, so running them reversed stops users before the services they use. If one activation fails, the
 * plugins already active are disposed before the error is rethrown.
 */
export async function activatePlugins(plugins: readonly ServerPlugin[], ctx: ServerContext): Promise<Disposer[]> {
  assertCoreServicesRegistered(ctx.services);
  const disposers: Disposer[] = [];
  try {
    for (const plugin of planActivation(plugins, coreServerServices).order) {
      if (!plugin.activate) continue;
      const services = new ScopedServiceRegistry(ctx.services, {
        plugin: plugin.manifest.id, declared: plugin.services, core: coreServerServices,
      });
      const d = await plugin.activate({ ...ctx, services });
      if (d) disposers.push(...d);
    }
  } catch (error) {
    for (const d of disposers.reverse()) await Promise.resolve().then(d).catch(() => undefined);
    throw error;
  }
  return disposers;
}

/** The start-up checks trust coreServerServices; a key listed there but not registered would make them lie. */
function assertCoreServicesRegistered(services: ServiceRegistry): void {
  const missing = coreServerServices.filter((k) => !services.has(k)).map((k) => k.id);
  if (missing.length) {
    throw new Error(`Core services listed in core/server/plugin/coreServices.ts are not registered before plugins activate: ${missing.join(', ')}`);
  }
}
