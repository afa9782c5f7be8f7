import type { RouteContext } from '@core/server/http/routes';
import { postScopeKey, type RunScope } from '@core/server/postScope';
import { EXPLORER_MESSAGES } from '../../shared/explorerApi';

/** Whose posts the explorer shows: the caller's organisation and a conversation's latest successful run (core's post scope). */
export type ExplorerScope = RunScope;

/** The conversation's scope, or 404 'Conversation not found' for an unknown, foreign or deleted conversation. */
export function conversationScope(app: RouteContext<unknown, unknown, unknown>['app'], organizationId: string, conversationId: string): Promise<ExplorerScope> {
  return app.services.get(postScopeKey).resolve(organizationId, conversationId, EXPLORER_MESSAGES.conversationNotFound);
}
