import type { Kysely } from 'kysely';
/**
 * Conversations are deleted softly (`deleted_at` set) and their pipeline runs remain. Core's post scope refuses a
 * deleted conversation through the `core.conversationDirectory` service this plugin provides (server/index.ts).
 */
interface ConversationsPublicTables {
  conversations_conversations: { id: string; organization_id: string; deleted_at: string | null };
}

/** The plugin id, which is also the `owner` of its rows in `core_migrations` (the table exists once one is applied). */
const CONVERSATIONS_PLUGIN_ID = 'conversations';

/** The tables `isDeletedConversation` reads: the migration ledger (core) and the conversations' delete marks. */
type DeletionTables = ConversationsPublicTables & { core_migrations: { id: string; owner: string } };

/** Whether the conversations plugin's table exists (its migrations ran); fixed once a server started. */
const hasConversationsTable = new WeakMap<object, Promise<boolean>>();

/**
 * Whether a conversation was deleted in the conversations plugin (soft delete: its runs remain). Readers that start
 * from `core_pipeline_runs` (explorer, topics, coordination) answer 'Conversation not found' for it. Without the
 * conversations plugin there is no conversation table and runs alone define conversations: never deleted.
 * `db` is any Kysely handle on the storage (`storage.db`).
 */
export async function isDeletedConversation(db: object, organizationId: string, conversationId: string): Promise<boolean> {
  const tables = db as Kysely<DeletionTables>;
  let known = hasConversationsTable.get(db);
  if (!known) {
    known = tables.selectFrom('core_migrations').select('id').where('owner', '=', CONVERSATIONS_PLUGIN_ID).limit(1).execute()
      .then((rows) => rows.length > 0);
    hasConversationsTable.set(db, known);
  }
  if (!(await known)) return false;
  const row = await tables.selectFrom('conversations_conversations').select('deleted_at')
    .where('id', '=', conversationId).where('organization_id', '=', organizationId).executeTakeFirst();
  return row !== undefined && row.deleted_at !== null;
}

interface DescribedTables {
  conversations_conversations: { id: string; organization_id: string; project_id: string; name: string; deleted_at: string | null };
  conversations_projects: { id: string; name: string; deleted_at: string | null };
}

/** The directory's `describe`: names of the organisation's live conversations among `ids`, with their projects'. */
export async function describeConversations(db: object, organizationId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const tables = db as Kysely<DescribedTables>;
  const out: Array<{ id: string; name: string; project_id: string; project_name: string }> = [];
  for (let k = 0; k < unique.length; k += 500) {
    out.push(...await tables.selectFrom('conversations_conversations as c').innerJoin('conversations_projects as p', 'p.id', 'c.project_id')
      .select(['c.id', 'c.name', 'c.project_id', 'p.name as project_name'])
      .where('c.organization_id', '=', organizationId).where('c.id', 'in', unique.slice(k, k + 500))
      .where('c.deleted_at', 'is', null).where('p.deleted_at', 'is', null).execute());
  }
  return out;
}
