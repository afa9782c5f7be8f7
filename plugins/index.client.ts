import type { ClientPlugin } from '@core/client/plugin/contract';
import alertsClient from './alerts/client';
import conversationsClient from './conversations/client';
import coordinationClient from './coordination/client';
import enrichmentClient from './enrichment/client';
import insightsClient from './insights/client';
import notesClient from './notes/client';
import postsClient from './posts/client';
import radarClient from './radar/client';
import topicsClient from './topics/client';
import urlsClient from './urls/client';

/** The browser half of every plugin, in palette and panel-menu order. One line per plugin. */
export const clientPlugins: ClientPlugin[] = [
  // First: its dashboard home (Topic Radar when enabled) hands over to the conversations plugin's otherwise.
  radarClient,
  conversationsClient,
  coordinationClient,
  enrichmentClient,
  insightsClient,
  notesClient,
  postsClient,
  topicsClient,
  alertsClient,
  urlsClient,
];
