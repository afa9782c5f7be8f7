import { describe, expect, it } from 'vitest';
import { ServiceRegistry, serviceKey } from '@core/shared/services/registry';
import { activatePlugins } from './activate';
import type { ServerPlugin } from './contract';
import type { ServerContext } from './context';
import { coreServerServices } from './coreServices';

const feed = serviceKey<string>('feeder.feed');

/** A context whose registry holds every core service (as createServer's does when plugins activate). */
function context(): ServerContext {
  const services = new ServiceRegistry();
  for (const k of coreServerServices) services.provide(k, {});
  return { services } as unknown as ServerContext;
}

function recorder() {
  const events: string[] = [];
  const plugin = (id: string, parts: Omit<ServerPlugin, 'manifest'>): ServerPlugin => ({ manifest: { id, title: id, version: 1 }, ...parts });
  const disposer = (id: string) => () => { events.push(`dispose ${id}`); };
  return { events, plugin, disposer };
}

describe('activatePlugins', () => {
  it('activates providers first, each plugin seeing the services it declared, and answers disposers in that order', async () => {
    const { events, plugin, disposer } = recorder();
    const plugins = [
      plugin('reader', {
        services: { requires: [feed] },
        async activate(ctx) { events.push(`reader got ${ctx.services.get(feed)}`); return [disposer('reader')]; },
      }),
      plugin('feeder', {
        services: { provides: [feed] },
        async activate(ctx) { events.push('feeder'); return [ctx.services.provide(feed, 'news'), disposer('feeder')]; },
      }),
    ];
    const disposers = await activatePlugins(plugins, context());
    expect(events).toEqual(['feeder', 'reader got news']);
    for (const d of disposers.reverse()) await d();
    expect(events.slice(2)).toEqual(['dispose reader', 'dispose feeder']);
  });

  it('refuses an undeclared service use and disposes the plugins already active', async () => {
    const { events, plugin, disposer } = recorder();
    const plugins = [
      plugin('feeder', { services: { provides: [feed] }, async activate(ctx) { return [ctx.services.provide(feed, 'news'), disposer('feeder')]; } }),
      plugin('sneaky', { async activate(ctx) { ctx.services.get(feed); } }),
    ];
    await expect(activatePlugins(plugins, context())).rejects.toThrow(new Error(
      "plugin 'sneaky' uses service 'feeder.feed' without declaring it: add it to services.requires or services.optional of its plugin definition",
    ));
    expect(events).toEqual(['dispose feeder']);
  });

  it('lets every plugin reach core services without declaring them', async () => {
    const { plugin } = recorder();
    const reached = plugin('core-user', { async activate(ctx) { for (const k of coreServerServices) ctx.services.get(k); } });
    await expect(activatePlugins([reached], context())).resolves.toEqual([]);
  });

  it('fails when a service listed in coreServices.ts was not registered, since the start-up checks trust the list', async () => {
    await expect(activatePlugins([], { services: new ServiceRegistry() } as unknown as ServerContext)).rejects.toThrow(
      /^Core services listed in core\/server\/plugin\/coreServices.ts are not registered before plugins activate: core\.storage, /,
    );
  });
});
