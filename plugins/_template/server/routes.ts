import crypto from 'node:crypto';
import type { RouteContext, RouteRegistrar } from '@core/server/http/routes';
import { CONVERSATION_NOT_FOUND, postScopeKey } from '@core/server/postScope';
import { requireUser } from '@core/server/http/routes';
import { nowIso, tablesOf } from '@core/server/storage/database';
import { NOTES_PATH, newNoteSchema, noteListSchema, noteSchema, notesQuerySchema } from '../shared/api';

interface Tables {
  template_notes: { id: string; organization_id: string; conversation_id: string; text: string; created_at: string };
}

/**
 * A conversation id from a caller must name one of the caller's organisation: core's post scope answers 404
 * 'Conversation not found' for an unknown, another organisation's or a deleted conversation (a core service every
 * route may use; no declaration needed).
 */
async function assertConversation(app: RouteContext<unknown, unknown, unknown>['app'], organizationId: string, conversationId: string) {
  await app.services.get(postScopeKey).resolve(organizationId, conversationId, CONVERSATION_NOT_FOUND);
}

export function registerRoutes(r: RouteRegistrar): void {
  r.get(NOTES_PATH, { summary: 'Notes of a conversation', query: notesQuerySchema, response: noteListSchema }, async (ctx) => {
    const user = requireUser(ctx);
    await assertConversation(ctx.app, user.organization_id, ctx.query.conversation_id);
    const db = tablesOf<Tables>(ctx.app.storage);
    // Every query is scoped to the caller's organisation.
    return db.selectFrom('template_notes').select(['id', 'text', 'created_at'])
      .where('organization_id', '=', user.organization_id)
      .where('conversation_id', '=', ctx.query.conversation_id)
      .orderBy('created_at').orderBy('id').execute();
  });

  r.post(NOTES_PATH, { summary: 'Add a note', body: newNoteSchema, response: noteSchema }, async (ctx) => {
    const user = requireUser(ctx);
    await assertConversation(ctx.app, user.organization_id, ctx.body.conversation_id);
    const db = tablesOf<Tables>(ctx.app.storage);
    const note = { id: crypto.randomUUID(), text: ctx.body.text, created_at: nowIso() };
    await db.insertInto('template_notes')
      .values({ ...note, organization_id: user.organization_id, conversation_id: ctx.body.conversation_id })
      .execute();
    return note;
  });
}
