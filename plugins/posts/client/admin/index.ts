import type { ClientPlugin, CommandDefinition } from '@core/client/plugin/contract';
import { navigationKey } from '@core/client/services/keys';

export const DATA_SOURCES_PAGE = '/myOrganization/datasources';

/** Palette commands of the data sources page. */
export const postsAdminCommands: CommandDefinition[] = [
  {
    id: 'posts.openDataSources',
    title: 'Open data sources',
    category: 'Administration',
    keywords: ['collectors', 'record limit', 'import', 'upload'],
    run: (ctx) => ctx.services.get(navigationKey).navigate(DATA_SOURCES_PAGE),
  },
  {
    id: 'posts.importPosts',
    title: 'Import posts from a file',
    category: 'Administration',
    keywords: ['upload', 'jsonl', 'csv', 'ndjson', '4cat', 'qut'],
    run: (ctx) => ctx.services.get(navigationKey).navigate(`${DATA_SOURCES_PAGE}#posts-import-heading`),
  },
];

/** The /myOrganization pages this folder provides. */
export const postsAdminPages: ClientPlugin['organizationPages'] = {
  datasources: () => import('./DataSourcesPage'),
};
