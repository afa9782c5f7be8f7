import type { Kysely } from 'kysely';
import type { SessionUser } from '@core/server/auth/sessionUser';
import type { Storage } from '@core/server/storage/database';
import { tablesOf, toBool } from '@core/server/storage/database';
import type { CoreTables } from '@core/server/storage/tables';
import type { Conversation, ConversationStatus } from '../shared/api';
import type { ConversationRow, ConversationsTables } from './tables';

export type Db = Kysely<CoreTables & ConversationsTables>;
export const dbOf = (storage: Storage): Db => tablesOf<ConversationsTables>(storage);
/** A transaction or connection handed over by the pipeline (it only knows the core tables). */
export const withTables = (db: Kysely<CoreTables>): Db => db as unknown as Db;

/** Admins see topics_status.admin_details and run errors: global admins and members of the Admin group. */
export const isAdmin = (user: Pick<SessionUser, 'is_global_admin' | 'is_org_admin'>) => user.is_global_admin || user.is_org_admin;

/** The spec's conversation object from a row; admin_details only for admins. */
export function toConversation(row: ConversationRow, admin: boolean): Conversation {
  const topics = row.topics_status ? (JSON.parse(row.topics_status) as Conversation['topics_status']) : null;
  return {
    id: row.id,
    name: row.name,
    project_id: row.project_id,
    query_string: row.query_string,
    start_date: row.start_date,
    end_date: row.end_date,
    threat_feed: toBool(row.threat_feed),
    language: row.language,
    status: row.status as ConversationStatus,
    last_run: row.last_run,
    created_at: row.created_at,
    user_id: row.user_id,
    suspended: toBool(row.suspended),
    is_scaled: toBool(row.is_scaled),
    is_org_nrms: toBool(row.is_org_nrms),
    use_existing_data: toBool(row.use_existing_data),
    rerun: toBool(row.rerun),
    enrichment_stages: JSON.parse(row.enrichment_stages) as Conversation['enrichment_stages'],
    topics_status: topics && (admin ? topics : { status_code: topics.status_code, message: topics.message }),
    DAG_step: row.dag_step === null ? null : Number(row.dag_step),
    image_url: row.image_url,
    description: row.description,
  };
}

/** A uuid-shaped id; anything else cannot name a stored row (answered 404 rather than a schema error). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
