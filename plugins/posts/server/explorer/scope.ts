import type { Kysely } from 'kysely';
import type { FacetScope } from '@core/server/facets/contract';
import { notFound } from '@core/server/http/errors';
import type { Storage } from '@core/server/storage/database';
import type { CoreTables } from '@core/server/storage/tables';
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
  const db = storage.db as unknown as Kysely<CoreTables>;
  const runs = await db.selectFrom('core_pipeline_runs').select(['id', 'status', 'finished_at', 'created_at'])
    .where('organization_id', '=', organizationId).where('conversation_id', '=', conversationId).execute();
  if (runs.length === 0) throw notFound(EXPLORER_MESSAGES.conversationNotFound);
  const latest = runs.filter((r) => r.status === 'SUCCESS')
    .sort((a, b) => (b.finished_at ?? b.created_at).localeCompare(a.finished_at ?? a.created_at))[0];
  return { organizationId, conversationId, runId: latest?.id ?? null };
}
