/**
 * What other plugins may read of the conversations plugin's tables (read-only, with `tablesOf<...>(storage)`):
 * enough to tell whether a conversation still exists. Conversations are deleted softly (`deleted_at` set) and their
 * pipeline runs remain, so a reader that starts from `core_pipeline_runs` must refuse a conversation whose
 * `deleted_at` is not null, as this plugin's own routes do ('Conversation not found').
 */
export interface ConversationsPublicTables {
  conversations_conversations: { id: string; organization_id: string; deleted_at: string | null };
}

/** The plugin id, which is also the `owner` of its rows in `core_migrations` (the table exists once one is applied). */
export const CONVERSATIONS_PLUGIN_ID = 'conversations';
