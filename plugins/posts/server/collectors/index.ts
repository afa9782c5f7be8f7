import type { CollectorFactory } from '../collect/stage';
import { blueskySpec } from './bluesky';
import { networkCollector, type NetworkCollectorSpec } from './common';
import { fourchanSpec } from './fourchan';
import { mastodonSpec } from './mastodon';
import { redditSpec } from './reddit';
import { rssSpec } from './rss';
import { telegramSpec } from './telegram';

export const NETWORK_COLLECTORS: readonly NetworkCollectorSpec[] = [blueskySpec, telegramSpec, fourchanSpec, redditSpec, mastodonSpec, rssSpec];

/** Collector factories by data source `source`, for the posts.collect stage. */
export const networkCollectorFactories: ReadonlyMap<string, CollectorFactory> = new Map(
  NETWORK_COLLECTORS.map((spec) => [spec.id, (row, settings) => networkCollector(spec, row, settings)]),
);
