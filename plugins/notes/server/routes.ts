import crypto from 'node:crypto';
import type { RouteContext, RouteRegistrar } from '@core/server/http/routes';
import { requireUser } from '@core/server/http/routes';
import { CONVERSATION_NOT_FOUND, postScopeKey } from '@core/server/postScope';
import { nowIso, tablesOf } from '@core/server/storage/database';
import { NOTES_PATH, newNoteSchema, noteListSchema, noteSchema, notesQuerySchema } from '../shared/api';

interface Tables {
  notes_notes: { id: string; organization_id: string; conversation_id: string; user_id: string; text: string; created_at: string };
}

/**
 * The conversation a note call names must be one of the caller's organisation: core's post scope answers 404
 * 'Conversation not found' for an unknown, another organisation's or a deleted one, the same rule and words as every
 * other conversation read. It knows a conversation by its pipeline runs; the conversations plugin queues the first run
 * in the transaction that creates the conversation, so a new conversation has notes before its run finishes.
 */
async function assertConversation(app: RouteContext<unknown, unknown, unknown>['app'], organizationId: string, conversationId: string) {
  await app.services.get(postScopeKey).resolve(organizationId, conversationId, CONVERSATION_NOT_FOUND);
}

const authorName = (u: { first_name: string; last_name: string; email: string }) => `${u.first_name} ${u.last_name}`.trim() || u.email;

export function registerRoutes(r: RouteRegistrar): void {
  r.get(NOTES_PATH, { summary: 'Notes kept with a conversation, oldest first', query: notesQuerySchema, response: noteListSchema }, async (ctx) => {
    const user = requireUser(ctx);
    await assertConversation(ctx.app, user.organization_id, ctx.query.conversation_id);
    const db = tablesOf<Tables>(ctx.app.storage);
    // Every query is scoped to the caller's organisation.
    const rows = await db.selectFrom('notes_notes')
      .innerJoin('core_users', 'core_users.id', 'notes_notes.user_id')
      .select(['notes_notes.id', 'notes_notes.text', 'notes_notes.created_at', 'core_users.first_name', 'core_users.last_name', 'core_users.email'])
      .where('notes_notes.organization_id', '=', user.organization_id)
      .where('notes_notes.conversation_id', '=', ctx.query.conversation_id)
      .orderBy('notes_notes.created_at').orderBy('notes_notes.id').execute();
    return rows.map((r) => ({ id: r.id, text: r.text, created_at: r.created_at, author: authorName(r) }));
  });

  r.post(NOTES_PATH, { summary: 'Add a note to a conversation', body: newNoteSchema, response: noteSchema }, async (ctx) => {
    const user = requireUser(ctx);
    await assertConversation(ctx.app, user.organization_id, ctx.body.conversation_id);
    const db = tablesOf<Tables>(ctx.app.storage);
    const note = { id: crypto.randomUUID(), text: ctx.body.text, created_at: nowIso() };
    await db.insertInto('notes_notes')
      .values({ ...note, organization_id: user.organization_id, conversation_id: ctx.body.conversation_id, user_id: user.id })
      .execute();
    return { ...note, author: authorName(user) };
  });
}
