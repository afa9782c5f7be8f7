import type { ServerPlugin } from '@core/server/plugin/contract';
import conversationsServer from './conversations/server';
import coordinationServer from './coordination/server';
import enrichmentServer from './enrichment/server';
import insightsServer from './insights/server';
import notesServer from './notes/server';
import postsServer from './posts/server';
import topicsServer from './topics/server';

/** The server half of every plugin, in start-up order. One line per plugin. */
export const serverPlugins: ServerPlugin[] = [
  postsServer,
  conversationsServer,
  enrichmentServer,
  topicsServer,
  coordinationServer,
  notesServer,
  // After posts: its demo insights are on the demo corpus's accounts.
  insightsServer,
];
