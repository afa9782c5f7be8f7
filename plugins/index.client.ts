import type { ClientPlugin } from '@core/client/plugin/contract';
import conversationsClient from './conversations/client';
import coordinationClient from './coordination/client';
import enrichmentClient from './enrichment/client';
import insightsClient from './insights/client';
import notesClient from './notes/client';
import postsClient from './posts/client';
import topicsClient from './topics/client';

/** The browser half of every plugin, in palette and panel-menu order. One line per plugin. */
export const clientPlugins: ClientPlugin[] = [
  conversationsClient,
  coordinationClient,
  enrichmentClient,
  insightsClient,
  notesClient,
  postsClient,
  topicsClient,
];
