import { afterEach, describe, expect, it } from 'vitest';
import { CommandRegistry } from '../commands/registry';
import { memoryStorage, testCommandContext } from '../commands/testing';
import { navigationKey } from '../services/keys';
import { ServiceRegistry } from '@core/shared/services/registry';
import { shellCommands } from './shellCommands';

afterEach(() => window.history.replaceState(null, '', '/'));

function setup() {
  const services = new ServiceRegistry();
  const visited: string[] = [];
  services.provide(navigationKey, { navigate: (href) => visited.push(href), currentPath: () => window.location.pathname });
  const registry = new CommandRegistry({ storage: memoryStorage() });
  registry.register(shellCommands());
  const ctx = testCommandContext({ conversationId: 'c1', projectName: 'Demo Project', tab: 'explorer', subtab: 'posts', services });
  return { registry, ctx, visited };
}

describe('conversation navigation commands', () => {
  it('change the tab and keep the filters, viz state and panel state of the URL', async () => {
    window.history.replaceState(null, '', '/projects/Demo%20Project/c1/explorer/posts?platforms=reddit:true&viz:preset=narrative#posts-search=tariff');
    const { registry, ctx, visited } = setup();
    await registry.run('navigation.goToExplorerOverview', ctx);
    await registry.run('navigation.goToDashboardTab', ctx);
    expect(visited).toEqual([
      '/projects/Demo%20Project/c1/explorer/overview?platforms=reddit:true&viz:preset=narrative#posts-search=tariff',
      '/projects/Demo%20Project/c1/dashboard?platforms=reddit:true&viz:preset=narrative#posts-search=tariff',
    ]);
  });
});
