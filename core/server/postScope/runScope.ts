import { sql, type RawBuilder } from 'kysely';
import type { Kysely } from 'kysely';
import { notFound } from '../http/errors';
import { SHARED_MESSAGES } from '@core/shared/messages';
import type { CoreTables } from '../storage/tables';
import type { ConversationDirectory, RunScope } from './contract';

export const CONVERSATION_NOT_FOUND: string = SHARED_MESSAGES.conversationNotFound;
const MAX_ID_LENGTH = 200;

/**
 * The one rule for which run a conversation's analyses read: its newest successful run by creation (id breaks
 * ties), so every panel shows the same run even while runs overlap. A conversation is known to an organisation
 * when it has a pipeline run there; an unknown, foreign or deleted one answers 404 with the same message.
 */
export async function resolveRunScope(db: Kysely<CoreTables>, directory: ConversationDirectory | null,
  organizationId: string, conversationId: string, notFoundMessage = CONVERSATION_NOT_FOUND): Promise<RunScope> {
  if (conversationId.length === 0 || conversationId.length > MAX_ID_LENGTH) throw notFound(notFoundMessage);
  const runs = await db.selectFrom('core_pipeline_runs').select(['id', 'status'])
    .where('organization_id', '=', organizationId).where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  if (runs.length === 0 || (await directory?.isDeleted(organizationId, conversationId))) throw notFound(notFoundMessage);
  const latest = runs.find((r) => r.status === 'SUCCESS');
  return { organizationId, conversationId, runId: latest?.id ?? null };
}

/**
 * The scope's run as SQL, for facet sources: the run the scope names, else the conversation's latest successful run
 * by the rule above (a facet may be asked with a scope resolved elsewhere, e.g. an export).
 */
export function scopeRunSql(scope: { organizationId: string; conversationId: string | null; runId: string | null }): RawBuilder<string> {
  if (scope.runId) return sql<string>`${scope.runId}`;
  return sql<string>`(select r.id from core_pipeline_runs r where r.organization_id = ${scope.organizationId}
    and r.conversation_id = ${scope.conversationId} and r.status = 'SUCCESS' order by r.created_at desc, r.id desc limit 1)`;
}
