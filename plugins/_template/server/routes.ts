import crypto from 'node:crypto';
import type { RouteRegistrar } from '@core/server/http/routes';
import { requireUser } from '@core/server/http/routes';
import { nowIso, tablesOf } from '@core/server/storage/database';
import { NOTES_PATH, newNoteSchema, noteListSchema, noteSchema, notesQuerySchema } from '../shared/api';

interface Tables {
  template_notes: { id: string; organization_id: string; conversation_id: string; text: string; created_at: string };
}

export function registerRoutes(r: RouteRegistrar): void {
  r.get(NOTES_PATH, { summary: 'Notes of a conversation', query: notesQuerySchema, response: noteListSchema }, async (ctx) => {
    const user = requireUser(ctx);
    const db = tablesOf<Tables>(ctx.app.storage);
    // Every query is scoped to the caller's organisation.
    return db.selectFrom('template_notes').select(['id', 'text', 'created_at'])
      .where('organization_id', '=', user.organization_id)
      .where('conversation_id', '=', ctx.query.conversation_id)
      .orderBy('created_at').orderBy('id').execute();
  });

  r.post(NOTES_PATH, { summary: 'Add a note', body: newNoteSchema, response: noteSchema }, async (ctx) => {
    const user = requireUser(ctx);
    const db = tablesOf<Tables>(ctx.app.storage);
    const note = { id: crypto.randomUUID(), text: ctx.body.text, created_at: nowIso() };
    await db.insertInto('template_notes')
      .values({ ...note, organization_id: user.organization_id, conversation_id: ctx.body.conversation_id })
      .execute();
    return note;
  });
}
