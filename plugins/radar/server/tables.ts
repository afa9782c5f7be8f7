import { tablesOf, type Storage } from '@core/server/storage/database';
import type { CoreTables } from '@core/server/storage/tables';
import type { PostStoreTables } from '@core/server/postStore/tables';
import type { Kysely } from 'kysely';

export interface RadarTables {
  radar_post_themes: { run_id: string; post_id: number; organization_id: string; theme: string; score: number; published_at: string; cues: string };
  radar_runs: {
    run_id: string; organization_id: string; conversation_id: string; classifier_version: number; posts: number; themed_posts: number;
    last_post_at: string | null; computed_at: string;
  };
  radar_run_hours: { run_id: string; hour: string; theme: string; posts: number; cues: string | null };
  radar_run_topic_hours: { run_id: string; topic: string; hour: string; posts: number; first_post_ids: string };
  radar_run_days: { run_id: string; theme: string; day: string; top_posts: string };
}

export type Db = Kysely<RadarTables & CoreTables & PostStoreTables>;
export const dbOf = (storage: Storage): Db => tablesOf<RadarTables & PostStoreTables>(storage) as Db;
