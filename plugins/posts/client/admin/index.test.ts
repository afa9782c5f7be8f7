import { describe, expect, it } from 'vitest';
import { navigationKey } from '@core/client/services/keys';
import { ServiceRegistry } from '@core/shared/services/registry';
import { postsAdminCommands, postsAdminPages } from './index';

describe('data source commands', () => {
  it('open the data sources page and its import section', async () => {
    const services = new ServiceRegistry();
    const visited: string[] = [];
    services.provide(navigationKey, { navigate: (to) => { visited.push(to); }, currentPath: () => '/' });
    const ctx = { conversationId: null, projectName: null, tab: null, subtab: null, focusedPaneId: null, paneCount: 0, services };
    for (const c of postsAdminCommands) await c.run(ctx);
    expect(postsAdminCommands.map((c) => c.id)).toEqual(['posts.openDataSources', 'posts.importPosts']);
    expect(visited).toEqual(['/myOrganization/datasources', '/myOrganization/datasources#posts-import-heading']);
    expect(Object.keys(postsAdminPages ?? {})).toEqual(['datasources']);
  });
});
