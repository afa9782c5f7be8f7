import { z } from 'zod';
import { SHARED_MESSAGES } from '@core/shared/messages';
import { paginationInfoSchema } from '@core/shared/api/envelope';
import { filterDimensions } from '@core/shared/filters';

/**
 * The posts explorer API (spec part 2 sections 2, 3, 7, 8, 9): request parameters and answers of raw_data (and its
 * export), filter_counts, GraphQL `paginatedPosts`, posts/details and insights/notable_posts. Shared by the server
 * routes and the browser. Filters travel in every query string exactly as in the browser URL
 * (`core/shared/filters`); they are not part of these schemas because the server decodes them from the raw query.
 * See docs/api.md ("Posts explorer").
 */

// ---------------------------------------------------------------------------------------------------- paths

export const RAW_DATA_ROUTE = '/api/v2/conversations/:id/raw_data';
export const FILTER_COUNTS_ROUTE = '/api/v2/conversations/:id/filter_counts';
export const GRAPHQL_PATH = '/api/v2/graphql';
export const POST_DETAILS_PATH = '/api/v2/posts/details';
export const NOTABLE_POSTS_PATH = '/api/v2/insights/notable_posts';

export const rawDataPath = (conversationId: string) => `/api/v2/conversations/${encodeURIComponent(conversationId)}/raw_data`;
export const filterCountsPath = (conversationId: string) => `/api/v2/conversations/${encodeURIComponent(conversationId)}/filter_counts`;

// ------------------------------------------------------------------------------------------------ constants

/** Raw data table page sizes (spec part 2 section 9): default 20, options 10, 30, 50, 100, 200, 300. */
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [10, 30, 50, 100, 200, 300] as const;
/** Largest page the API serves; a whole conversation is read with the export instead. */
export const MAX_PAGE_SIZE = 1000;
/** paginatedPosts fields per GraphQL document: aliases would otherwise ask for any number of 1000-post pages in one call. */
export const MAX_GRAPHQL_PAGES = 5;
export const MAX_SEARCH_LENGTH = 500;
export const MAX_POST_IDS = 100;
export const DEFAULT_TOP_N = 10;
export const MAX_TOP_N = 100;

/** Spec part 2 sections 2 and 8, quoted exactly (two spaces before "Please"). */
export const EXPORT_FAILED_MESSAGE = 'an error occurred while exporting raw data.  Please try again later.';

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Columns of the post store that raw_data, GraphQL and notable posts sort by (`order_by=published_at:desc`).
 * Facet sort keys registered by analysis plugins (`threats_of_violence`, `engagement_score`, ...) are accepted too.
 */
export const POST_SORT_COLUMNS = ['published_at', 'rid', 'class', 'screen_name', 'display_name', 'language', 'id'] as const;
export const DEFAULT_ORDER_BY = [{ column: 'published_at', direction: 'desc' as const }];

/** Notable post kinds: most engaged (platform counts), highest threat score (facet), newest. */
export const NOTABLE_POST_TYPES = ['engagement', 'threats_of_violence', 'recent'] as const;
export type NotablePostType = (typeof NOTABLE_POST_TYPES)[number];

/** Messages of refused parameters (400, `metadata.errors[0]`). */
export const EXPLORER_MESSAGES = {
  conversationNotFound: SHARED_MESSAGES.conversationNotFound,
  limit: `limit must be an integer from 1 to ${MAX_PAGE_SIZE}`,
  recordOffset: 'record_offset must be an integer of 0 or more',
  orderBy: (value: string) => `order_by '${value}' is not column:asc or column:desc of a sortable column`,
  coordinationOnly: 'coordination_only must be true or false',
  export: `export must be one of ${EXPORT_FORMATS.join(', ')}`,
  search: `search must be at most ${MAX_SEARCH_LENGTH} characters`,
  postId: 'post_id must be a positive integer',
  postIdsMissing: 'give at least one post_id',
  postIdsTooMany: `give at most ${MAX_POST_IDS} post_id values`,
  conversationId: 'conversation_id is required',
  topN: `top_n must be an integer from 1 to ${MAX_TOP_N}`,
  type: `type must be one of ${NOTABLE_POST_TYPES.join(', ')}`,
  graphqlQuery: 'query is required',
  graphqlPages: `a query may ask for paginatedPosts at most ${MAX_GRAPHQL_PAGES} times`,
} as const;

// ------------------------------------------------------------------------------------------------- requests

/**
 * raw_data parameters besides the filters. Query values arrive as strings; `order_by` may repeat or be
 * comma-separated. Validation messages are EXPLORER_MESSAGES.
 */
export interface RawDataParams {
  search?: string;
  limit?: number;
  record_offset?: number;
  /** `column:asc|desc`, repeatable. */
  order_by?: string | string[];
  coordination_only?: boolean;
  export?: ExportFormat;
}

export interface NotablePostsParams {
  conversation_id: string;
  type?: NotablePostType;
  top_n?: number;
}

// -------------------------------------------------------------------------------------------------- answers

/** Facet values a plugin stores (sentiment, threat score, engagement level, narrative ...): any JSON value. */
const facetValue = z.unknown();

/**
 * One raw data row: the spec's Post fields (part 2 section 3), the author, the post store's flags, and every
 * field an analysis plugin adds through `core.postFacets` (`sentiment`, `threats_of_violence`, ...). Fields no
 * installed plugin provides are null. `id` is the post store's id (use it as `post_id` of posts/details).
 */
export const rawDataRowSchema = z.object({
  id: z.number().int(),
  rid: z.string(),
  /** Platform key (`reddit`, `twitter` ...). */
  class: z.string(),
  /** The platform's display name (twitter is X). */
  platform_label: z.string(),
  post_class: z.string().nullable(),
  subject: z.string().nullable(),
  title: z.string().nullable(),
  /** Falls back to title, then subject. Hostile content: render as text only. */
  body: z.string(),
  display_name: z.string().nullable(),
  screen_name: z.string().nullable(),
  user_id: z.string().nullable(),
  user_rid: z.string().nullable(),
  user_class: z.string().nullable(),
  creator: z.string().nullable(),
  domains: z.array(z.string()),
  entities: z.unknown().nullable(),
  published_at: z.string(),
  source_url: z.string().nullable(),
  avatar_url: z.string().nullable(),
  accounts_url: z.string().nullable(),
  urls: z.array(z.string()),
  images: z.array(z.string()),
  language: z.string().nullable(),
  is_repost: z.boolean(),
  is_reply: z.boolean(),
  is_quote: z.boolean(),
  is_niche: z.boolean(),
  additional_properties: z.record(z.string(), z.unknown()),
  // Filled by analysis plugins (facet fields); null when none provides them.
  topic_rid: facetValue,
  confidence_score: facetValue,
  is_exemplar: facetValue,
  coordination_cluster_ids: facetValue,
  narrative: facetValue,
  sentiment: facetValue,
  engagement_score: facetValue,
  threats_of_violence: facetValue,
  first_ngram: facetValue,
  insights_count: facetValue,
}).catchall(z.unknown());
export type RawDataRow = z.infer<typeof rawDataRowSchema>;

/** raw_data answers the rows as `data`; `metadata.pagination_info` is {offset, limit, total, order_by}. */
export const rawDataAnswerSchema = z.array(rawDataRowSchema);
export type RawDataAnswer = z.infer<typeof rawDataAnswerSchema>;
export { paginationInfoSchema };
export type { PaginationInfo } from '@core/shared/api/envelope';

/** The full envelope of raw_data, for clients that read pagination_info. */
export const rawDataEnvelopeSchema = z.object({
  data: rawDataAnswerSchema,
  metadata: z.object({ errors: z.array(z.string()), info: z.string().nullable(), msg: z.string().nullable(), pagination_info: paginationInfoSchema }),
});

/** Keys of the spec's "Filter count row" besides `total`: each registered dimension's count key (`platform`, `sentiment` ...). */
export const filterCountRowKeys = (): string[] => filterDimensions.all().map((d) => d.countKey);

/** value -> number of posts. Boolean dimensions count `true` and `false`. */
export const valueCountsSchema = z.record(z.string(), z.number().int().min(0));

/**
 * filter_counts: for every dimension of the Filter count row, value -> count under the current filters with
 * that dimension's own selection removed (what toggling one of its values would give); `{}` for a dimension no
 * installed plugin stores. `total`: posts matching all current filters.
 */
export const filterCountsSchema = z.object({ total: z.number().int().min(0) }).catchall(valueCountsSchema);
export type FilterCounts = z.infer<typeof filterCountsSchema>;

/** A statistic of the post popup ("Post statistics by platform class"); value null when the post lacks it. */
export const postStatisticSchema = z.object({ key: z.string(), label: z.string(), value: z.number().nullable() });

/** posts/details: one entry per found post_id, in the order asked; `statistics` null = "Post statistics unavailable". */
export const postDetailsSchema = rawDataRowSchema.extend({
  statistics: z.array(postStatisticSchema).nullable(),
});
export const postDetailsAnswerSchema = z.array(postDetailsSchema);
export type PostDetails = z.infer<typeof postDetailsSchema>;

/** insights/notable_posts: the top_n posts of the kind asked, best first. */
export const notablePostSchema = z.object({
  rank: z.number().int().min(1),
  type: z.enum(NOTABLE_POST_TYPES),
  /** The ranking value (engagement total, threat score, or null for `recent`). */
  score: z.number().nullable(),
  post: rawDataRowSchema,
});
export const notablePostsAnswerSchema = z.array(notablePostSchema);
export type NotablePost = z.infer<typeof notablePostSchema>;

// --------------------------------------------------------------------------------------------------- GraphQL

/**
 * `POST /api/v2/graphql?conversation_id={id}&<filters>` with body `{ query, variables: { limit, offset, orderBy } }`.
 * The answer's `data` is GraphQL's `{ data, errors }`. Post uses the spec's camel-case variant (plus rid, body,
 * title and platform, which the table needs).
 */
export const GRAPHQL_SCHEMA_SDL = /* GraphQL */ `
scalar JSON

type Post {
  id: ID!
  rid: String!
  platform: String!
  type: String
  userType: String
  accountId: String
  displayName: String
  screenName: String
  title: String
  body: String!
  publishedAt: String!
  sourceUrl: String
  engagementScore: JSON
  threatsOfViolence: JSON
  firstNgram: JSON
  additionalProperties: JSON
}

type PaginationMetadata {
  limit: Int!
  offset: Int!
  total: Int!
  orderBy: [String!]!
}

type PaginatedPosts {
  items: [Post!]!
  metadata: PaginationMetadata!
}

type Query {
  paginatedPosts(limit: Int, offset: Int, orderBy: [String!]): PaginatedPosts!
}
`;

export const PAGINATED_POSTS_QUERY = /* GraphQL */ `query PaginatedPosts($limit: Int, $offset: Int, $orderBy: [String!]) {
  paginatedPosts(limit: $limit, offset: $offset, orderBy: $orderBy) {
    items { id rid platform type userType accountId displayName screenName title body publishedAt sourceUrl engagementScore threatsOfViolence firstNgram additionalProperties }
    metadata { limit offset total orderBy }
  }
}`;

export const graphqlRequestSchema = z.object({
  query: z.string({ error: EXPLORER_MESSAGES.graphqlQuery }).min(1, { error: EXPLORER_MESSAGES.graphqlQuery }).max(20_000),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
});

export const graphqlPostSchema = z.object({
  id: z.string(),
  rid: z.string(),
  platform: z.string(),
  type: z.string().nullable(),
  userType: z.string().nullable(),
  accountId: z.string().nullable(),
  displayName: z.string().nullable(),
  screenName: z.string().nullable(),
  title: z.string().nullable(),
  body: z.string(),
  publishedAt: z.string(),
  sourceUrl: z.string().nullable(),
  engagementScore: z.unknown(),
  threatsOfViolence: z.unknown(),
  firstNgram: z.unknown(),
  additionalProperties: z.unknown(),
}).partial();

export const paginatedPostsSchema = z.object({
  items: z.array(graphqlPostSchema),
  metadata: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int(), orderBy: z.array(z.string()) }),
});

/** What the graphql route answers as `data`: GraphQL's own result. */
export const graphqlResultSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z.array(z.object({ message: z.string() }).passthrough()).optional(),
});
export type GraphqlResult = z.infer<typeof graphqlResultSchema>;

// ------------------------------------------------------------------------------------------------ chart data

/**
 * chart_data (spec part 2 section 3 "Chart data"; the path is ours): one call per overview chart, under the same
 * filters as raw_data. `chart` picks the answer's shape (CHART_KINDS); `interval` (hour, day, week) sets the time
 * bucket, chosen from the span of the selected posts when absent (CHART_AUTO_INTERVAL); `top_n` caps the domains
 * listed per platform, the texts of text_count and the posts per narrative of narrative_pair_activity.
 */
export const CHART_DATA_ROUTE = '/api/v2/conversations/:id/chart_data';
export const chartDataPath = (conversationId: string) => `/api/v2/conversations/${encodeURIComponent(conversationId)}/chart_data`;

export const CHART_KINDS = ['post_count_over_time', 'platform_engagement', 'post_domain_count', 'top_domains', 'time_buckets', 'text_count', 'narrative_pair_activity'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];
export const CHART_INTERVALS = ['hour', 'day', 'week'] as const;
export type ChartInterval = (typeof CHART_INTERVALS)[number];
export const CHART_INTERVAL_MS: Record<ChartInterval, number> = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 };
/** Automatic bucket: hours up to 3 days of posts, days up to 180 days, weeks beyond. */
export const CHART_AUTO_INTERVAL = { hourUpToDays: 3, dayUpToDays: 180 } as const;
/** An explicit interval may not cut the selected posts' span into more buckets than this. */
export const MAX_CHART_BUCKETS = 2000;
/**
 * top_n by chart unless the request says otherwise: domains per platform (post_domain_count 5, top_domains the top
 * one), texts (text_count 10), posts per narrative of the pair (narrative_pair_activity 100).
 */
export const DEFAULT_CHART_TOP_N: Record<'post_domain_count' | 'top_domains' | 'text_count' | 'narrative_pair_activity', number> = {
  post_domain_count: 5, top_domains: 1, text_count: 10, narrative_pair_activity: 100,
};

export const CHART_MESSAGES = {
  chart: `chart must be one of ${CHART_KINDS.join(', ')}`,
  interval: `interval must be one of ${CHART_INTERVALS.join(', ')}`,
  topN: `top_n must be an integer from 1 to ${MAX_TOP_N}`,
  tooManyBuckets: (interval: ChartInterval) => `interval ${interval} cuts the selected posts into more than ${MAX_CHART_BUCKETS} time buckets; choose a longer interval`,
} as const;

const isoInstant = z.string();
/** Post count over time: per platform, posts per time bucket (`date` = the bucket's start), zeros included. */
export const postCountOverTimeSchema = z.array(z.object({
  platform: z.string(),
  /** The bucket size, so a client knows where each bucket ends (start + interval - 1 s). */
  time_interval: z.enum(CHART_INTERVALS),
  data: z.array(z.object({ date: isoInstant, value: z.number().int().min(0) })),
}));
/** Platform engagement score: the mean engagement score of the platform's posts that have one (null if none), its post count and posts per engagement level. */
export const platformEngagementSchema = z.array(z.object({
  platform: z.string(),
  value: z.number().nullable(),
  posts: z.number().int().min(0),
  levels: z.record(z.string(), z.number().int().min(0)),
}));
/** Post domain count: per platform, the top_n domains by posts linking them. */
export const postDomainCountSchema = z.array(z.object({
  platform: z.string(),
  data: z.array(z.object({ source_domain: z.string(), count: z.number().int().min(0) })),
}));
/** Top domain per platform (the most linked by that platform's posts): `insight_count` = approved analyst insights on the domain. */
export const topDomainsSchema = z.array(z.object({ domain: z.string(), platform: z.string(), insight_count: z.number().int().min(0) }));
/** Post counts in time buckets (all platforms), `end_time` inclusive (start + interval - 1 s). */
export const timeBucketsSchema = z.object({
  time_interval: z.enum(CHART_INTERVALS),
  counts: z.array(z.object({ start_time: isoInstant, end_time: isoInstant, count: z.number().int().min(0) })),
});
/** Text count: the top_n most repeated texts among the selected posts (case and spacing ignored), most first. */
export const textCountSchema = z.array(z.object({ text: z.string(), count: z.number().int().min(1) }));
/**
 * Narrative-pair activity: the posts of the two narratives with the most selected posts (top_n newest of each),
 * newest first; `entity_rid` = the post's narrative, `labels` = its title. Post text fields are hostile: text only.
 */
export const narrativePairActivitySchema = z.array(z.object({
  class: z.string(),
  creator: z.string().nullable(),
  domains: z.array(z.string()),
  entities: z.unknown().nullable(),
  entity_rid: z.string(),
  labels: z.array(z.string()),
  published_at: z.string(),
  rid: z.string(),
  urls: z.array(z.string()),
}));
export const chartDataSchemas = {
  post_count_over_time: postCountOverTimeSchema,
  platform_engagement: platformEngagementSchema,
  post_domain_count: postDomainCountSchema,
  top_domains: topDomainsSchema,
  time_buckets: timeBucketsSchema,
  text_count: textCountSchema,
  narrative_pair_activity: narrativePairActivitySchema,
} as const;
export const chartDataAnswerSchema = z.union([
  postCountOverTimeSchema, platformEngagementSchema, postDomainCountSchema, topDomainsSchema, timeBucketsSchema, textCountSchema, narrativePairActivitySchema,
]);
export type ChartData<K extends ChartKind> = z.infer<(typeof chartDataSchemas)[K]>;
export type ChartDataAnswer = z.infer<typeof chartDataAnswerSchema>;
