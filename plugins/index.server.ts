import type { ServerPlugin } from '@core/server/plugin/contract';
import alertsServer from './alerts/server';
import conversationsServer from './conversations/server';
import coordinationServer from './coordination/server';
import enrichmentServer from './enrichment/server';
import insightsServer from './insights/server';
import notesServer from './notes/server';
import postsServer from './posts/server';
import radarServer from './radar/server';
import topicsServer from './topics/server';
import urlsServer from './urls/server';

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
  // After posts (its demo registrations are for the demo corpus's domains) and insights (risk reads their lookup).
  urlsServer,
  // After urls: the conversation notices read its domain list. Before alerts: theme volumes are a metric.
  radarServer,
  // After topics and insights: its metrics read narratives and risk categories through their services.
  alertsServer,
];
