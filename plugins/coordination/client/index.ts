import { z } from 'zod';
import { COORDINATION_DIMENSIONS } from '../shared/dimensions';
import { defineClientPlugin, definePanel } from '@core/client/plugin/contract';
import { manifest } from '../manifest';
import { selectionKey } from '@core/client/services/keys';
import { accountKind, clusterKind } from '@core/client/selection/kinds';
import { insightsPopupSectionsKey } from '@plugins/insights/shared/public';
import { urlsPopupSectionsKey } from '@plugins/urls/shared/public';
import { lazyPopup } from '@core/client/selection/lazyPopup';
import { coordinationCommands, moreCoordinationCommands } from './commands';
import { edgeKind, genericEdgeKind, graphNodeKind } from './kinds';

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
  dimensions: COORDINATION_DIMENSIONS,
  panels: [networkNavigatorPanel, clustersPanel],
  commands: [...coordinationCommands, ...moreCoordinationCommands],
  // The user, domain and URL popups show the insights plugin's sections, and the URLs plugin's registration, when installed.
  services: { requires: [selectionKey], optional: [insightsPopupSectionsKey, urlsPopupSectionsKey] },
  activate: (services) => {
    // The profile popups share one place on screen: opening one replaces the other (one popup at a time).
    const selection = services.get(selectionKey);
    const slot = { slot: 'coordination.profile' };
    const renderers = () => import('./popups/renderers');
    return [
      selection.registerPopup(clusterKind, lazyPopup(() => renderers().then((m) => m.ClusterRenderer)), slot),
      selection.registerPopup(accountKind, lazyPopup(() => renderers().then((m) => m.AccountRenderer)), slot),
      selection.registerPopup(edgeKind, lazyPopup(() => renderers().then((m) => m.EdgeRenderer)), slot),
      selection.registerPopup(graphNodeKind, lazyPopup(() => renderers().then((m) => m.GraphNodeRenderer)), slot),
      selection.registerPopup(genericEdgeKind, lazyPopup(() => renderers().then((m) => m.GenericEdgeRenderer)), slot),
    ];
  },
});
