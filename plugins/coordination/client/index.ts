import { z } from 'zod';
import { defineClientPlugin, definePanel } from '@core/client/plugin/contract';
import { manifest } from '../manifest';
import { coordinationCommands, moreCoordinationCommands } from './commands';
import { coordinationSelectionKey, selection } from './selection';

const noConfig = { schema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>, defaults: {}, version: 1 };

export const networkNavigatorPanel = definePanel({
  type: 'coordination.networkNavigator',
  title: 'Network navigator',
  description: 'Accounts linked by coordination evidence, with their posts, links and hashtags (WebGL)',
  needsConversation: true,
  config: noConfig,
  load: () => import('./NetworkNavigatorPanel'),
});

export const clustersPanel = definePanel({
  type: 'coordination.clusters',
  title: 'Coordination clusters',
  description: 'Groups of accounts acting together, with their evidence',
  needsConversation: true,
  config: noConfig,
  load: () => import('./ClustersPanel'),
});

export default defineClientPlugin({
  manifest,
  panels: [networkNavigatorPanel, clustersPanel],
  commands: [...coordinationCommands, ...moreCoordinationCommands],
  activate: (services) => [services.provide(coordinationSelectionKey, selection)],
});
