/**
 * What other plugins may import from the posts plugin: the data source schema, the explorer's post details call and
 * the stage id of the collect step. The post store itself (tables, writer, filter columns) and the post scope are
 * core's: `core/server/postStore`, `core/server/postScope`.
 */
export { dataSourceSchema, collectorUsageSchema, type DataSource, type CollectorUsage, RECORD_LIMIT_MIN, RECORD_LIMIT_MAX, DEFAULT_RECORD_LIMIT } from './dataSources';
export { corpusStatsSchema, type CorpusStats, STATS_PATH, DATA_SOURCES_PATH } from './api';
export { POST_DETAILS_PATH, postDetailsAnswerSchema, type PostDetails } from './explorerApi';

export const COLLECT_STAGE_ID = 'posts.collect';
