import { describe, expect, it, vi } from 'vitest';
import { ServiceRegistry } from '@core/shared/services/registry';
import { ScopedServiceRegistry } from '@core/shared/services/scoped';
import { storedPostsKey } from '@core/server/pipeline/collectors';
import { postFacetsKey, type PostFacetRegistry } from '@core/server/facets/contract';
import { pipelineKey, type Pipeline } from '@core/server/pipeline/runner';
import type { RunListener } from '@core/server/pipeline/runs';
import { coreServerServices } from '@core/server/plugin/coreServices';
import type { ServerContext } from '@core/server/plugin/context';
import templateServer from './index';

/** Activates the template as the host does: a registry scoped to its declared services. */
async function activateWith(provide: (services: ServiceRegistry) => void) {
  const shared = new ServiceRegistry();
  const listeners: RunListener[] = [];
  shared.provide(pipelineKey, { onRunChange: (l: RunListener) => { listeners.push(l); return () => {}; } } as unknown as Pipeline);
  // Only the services matter here: a facet registry that accepts any provider.
  shared.provide(postFacetsKey, { register: () => () => {} } as unknown as PostFacetRegistry);
  provide(shared);
  const debug = vi.fn();
  const services = new ScopedServiceRegistry(shared, { plugin: 'template', declared: templateServer.services, core: coreServerServices });
  const disposers = await templateServer.activate!({ services, logger: { debug }, storage: {} } as unknown as ServerContext);
  await listeners[0]!({} as never, { id: 'run-1' } as never, 'finished');
  return { disposers, debug };
}

describe('template activate', () => {
  it('runs without its optional service and says so when a run finishes', async () => {
    const { disposers, debug } = await activateWith(() => {});
    expect(disposers).toHaveLength(2);
    expect(debug).toHaveBeenCalledWith({ runId: 'run-1' }, 'template: run finished (without the local archive)');
  });

  it('uses the optional service when another plugin provides it', async () => {
    const { debug } = await activateWith((s) => s.provide(storedPostsKey, {} as never));
    expect(debug).toHaveBeenCalledWith({ runId: 'run-1' }, 'template: run finished (with the local archive)');
  });
});
