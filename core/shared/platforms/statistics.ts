import { LOADING_POST_STATISTICS, POST_STATISTICS_UNAVAILABLE, resolvePlatform, PLATFORMS } from './catalogue';

export interface PostStatisticValue {
  key: string;
  label: string;
  value: number;
}

/**
 * What a post shows under "stats": the platform's statistics read from its additional_properties, in table order.
 * `unavailable` for a platform outside the spec's table, an unknown platform, or properties not loaded; `none`
 * for message boards and forums (the table's "none"); `loading` while they load.
 */
export type PostStatisticsView =
  | { status: 'loading'; message: typeof LOADING_POST_STATISTICS }
  | { status: 'unavailable'; message: typeof POST_STATISTICS_UNAVAILABLE }
  | { status: 'none' }
  | { status: 'ok'; statistics: PostStatisticValue[] };

export function postStatistics(platform: string, additionalProperties: Record<string, unknown> | null | undefined, loading = false): PostStatisticsView {
  if (loading) return { status: 'loading', message: LOADING_POST_STATISTICS };
  const key = resolvePlatform(platform);
  const definitions = key ? PLATFORMS[key].statistics : null;
  if (definitions === null || !additionalProperties) return { status: 'unavailable', message: POST_STATISTICS_UNAVAILABLE };
  if (definitions.length === 0) return { status: 'none' };
  const statistics: PostStatisticValue[] = [];
  for (const d of definitions) {
    const property = d.properties.find((p) => typeof additionalProperties[p] === 'number');
    if (property !== undefined) statistics.push({ key: d.key, label: d.label, value: additionalProperties[property] as number });
  }
  if (statistics.length === 0) return { status: 'unavailable', message: POST_STATISTICS_UNAVAILABLE };
  return { status: 'ok', statistics };
}
