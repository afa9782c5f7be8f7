import type { FacetScope } from '@core/server/facets/contract';
import { notFound } from '@core/server/http/errors';
import { tablesOf, type Storage } from '@core/server/storage/database';
import { isDeletedConversation, type ConversationsPublicTables } from '@plugins/conversations/shared/public';
import { EXPLORER_MESSAGES } from '../../shared/explorerApi';

/** Whose posts the explorer shows: the caller's organisation and a conversation's latest successful run. */
export interface ExplorerScope extends FacetScope {
  conversationId: string;
  /** Null while the conversation has no successful run: every answer is then empty. */
  runId: string | null;
}

const MAX_ID_LENGTH = 200;

/**
 * The conversation's scope, or 404 when the caller's organisation has no such conversation (unknown ids and other
 * organisations' ids get the same answer). The job table knows every conversation that was ever run; a run copies
 * reused posts into its own `posts_run_posts` (posts.collect), so the latest successful run alone holds them.
 */
export async function conversationScope(storage: Storage, organizationId: string, conversationId: string): Promise<ExplorerScope> {
  if (conversationId.length === 0 || conversationId.length > MAX_ID_LENGTH) throw notFound(EXPLORER_MESSAGES.conversationNotFound);
  const db = tablesOf<ConversationsPublicTables>(storage);
  const runs = await db.selectFrom('core_pipeline_runs').select(['id', 'status', 'finished_at', 'created_at'])
    .where('organization_id', '=', organizationId).where('conversation_id', '=', conversationId).execute();
  if (runs.length === 0 || (await isDeletedConversation(storage.db, organizationId, conversationId))) {
    throw notFound(EXPLORER_MESSAGES.conversationNotFound);
  }
  // The newest successful run by creation (id breaks ties): the same rule as the topics and coordination calls, so
  // every panel of the workspace shows the same run even while runs overlap.
  const latest = runs.filter((r) => r.status === 'SUCCESS')
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))[0];
  return { organizationId, conversationId, runId: latest?.id ?? null };
}

