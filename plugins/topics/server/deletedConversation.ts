import type { Kysely } from 'kysely';
import type { CoreTables } from '@core/server/storage/tables';
import { CONVERSATIONS_PLUGIN_ID, type ConversationsPublicTables } from '@plugins/conversations/shared/public';

/** Whether the conversations plugin's table exists (its migrations ran); fixed once a server started. */
const hasConversationsTable = new WeakMap<object, Promise<boolean>>();

/**
 * A conversation deleted in the conversations plugin (soft delete: its runs remain) is not found either, as its
 * public contract asks of readers that start from core_pipeline_runs. Without that plugin runs alone define conversations.
 */
export async function isDeletedConversation(db: Kysely<CoreTables>, organizationId: string, conversationId: string): Promise<boolean> {
  let known = hasConversationsTable.get(db);
  if (!known) {
    known = db.selectFrom('core_migrations').select('id').where('owner', '=', CONVERSATIONS_PLUGIN_ID).limit(1).execute()
      .then((rows) => rows.length > 0);
    hasConversationsTable.set(db, known);
  }
  if (!(await known)) return false;
  const row = await (db as unknown as Kysely<ConversationsPublicTables>).selectFrom('conversations_conversations').select('deleted_at')
    .where('id', '=', conversationId).where('organization_id', '=', organizationId).executeTakeFirst();
  return row !== undefined && row.deleted_at !== null;
}
