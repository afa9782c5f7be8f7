import type { PostStoreTables } from '@core/server/postStore/tables';

/** The posts plugin's own tables: collections, collectors, data sources and the demo corpus ledger. */
export interface PostsCollectionRow {
  run_id: string;
  organization_id: string;
  conversation_id: string;
  query_string: string;
  start_date: string;
  end_date: string;
  language: string | null;
  use_existing_data: number;
  reused_from_run_id: string | null;
  collected_records: number;
  status: 'RUNNING' | 'SUCCESS' | 'FAILED';
  started_at: string;
  finished_at: string | null;
}

export interface PostsCollectorRunRow {
  run_id: string;
  data_source_id: string;
  name: string;
  source: string;
  record_limit: number | null;
  collected_records: number;
  status: 'SUCCESS' | 'FAILED';
  failure: string | null;
  started_at: string;
  finished_at: string;
}

export interface PostsDataSourceRow {
  id: string;
  name: string;
  /** Collector kind: `local`, `bluesky`, `telegram`, `fourchan`, `reddit`, `mastodon`, `rss`. */
  source: string;
  /** 1 to 20000, or null for no limit. */
  record_limit: number | null;
  enabled: number;
  editable: number;
  /** JSON object of collector settings (base URL, channels, boards, feeds ...). */
  settings: string;
  created_at: string;
  updated_at: string;
}

export interface PostsDemoCorpusRow {
  organization_id: string;
  seed: string;
  posts: number;
  corpus_hash: string;
  ground_truth_path: string;
  generated_at: string;
  /** End of the corpus's 30-day window (ISO): a resumed seeding regenerates the same posts from it. */
  window_end: string | null;
  /** Null while the corpus is being written; set once every post and the ground truth are stored. */
  finished_at: string | null;
}

export interface PostsOwnTables {
  posts_collections: PostsCollectionRow;
  posts_collector_runs: PostsCollectorRunRow;
  posts_data_sources: PostsDataSourceRow;
  posts_demo_corpora: PostsDemoCorpusRow;
}

/** What the posts plugin reads: core's post store and its own tables. */
export type PostsTables = PostStoreTables & PostsOwnTables;
