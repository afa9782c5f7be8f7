/**
 * What other plugins may import from the posts plugin: the table types of the post store and run links (read them
 * with `tablesOf<PostsTables>(storage)`), the data source schema, and the stage id of the collect step.
 *
 * Reading a run's posts: `posts_run_posts` (run_id, post_id) joined to `posts_posts` (one row per post, per
 * organisation) and `posts_actors` (authors); `posts_urls`, `posts_hashtags` and `posts_mentions` hold one row per
 * URL / hashtag / mention of a post, in text order (`position`).
 */
export type {
  PostsTables, PostsPostRow, PostsActorRow, PostsUrlRow, PostsHashtagRow, PostsMentionRow, PostsRunPostRow,
  PostsCollectionRow, PostsCollectorRunRow, PostsDataSourceRow,
} from './tables';
export { dataSourceSchema, collectorUsageSchema, type DataSource, type CollectorUsage, RECORD_LIMIT_MIN, RECORD_LIMIT_MAX, DEFAULT_RECORD_LIMIT } from './dataSources';
export { postFilterColumns } from './filters';
export { corpusStatsSchema, type CorpusStats, STATS_PATH, DATA_SOURCES_PATH } from './api';
export { POST_DETAILS_PATH, postDetailsAnswerSchema, type PostDetails } from './explorerApi';

export const COLLECT_STAGE_ID = 'posts.collect';
