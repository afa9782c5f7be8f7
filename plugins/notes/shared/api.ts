import { z } from 'zod';

/** One schema for both sides: the server validates with it, the client parses with it. */
export const noteSchema = z.object({
  id: z.string(),
  text: z.string(),
  author: z.string(),
  created_at: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const notesQuerySchema = z.object({ conversation_id: z.string().uuid() });
export const noteListSchema = z.array(noteSchema);
export const newNoteSchema = z.object({ conversation_id: z.string().uuid(), text: z.string().trim().min(1).max(2000) });

export const NOTES_PATH = '/api/v2/notes';
