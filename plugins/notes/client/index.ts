import { z } from 'zod';
import { defineClientPlugin, definePanel } from '@core/client/plugin/contract';
import { apiKey } from '@core/client/services/keys';
import { manifest } from '../manifest';

const notesConfig = z.object({ showDates: z.boolean() });

export const notesBoardPanel = definePanel({
  type: 'notes.board',
  title: 'Analyst notes',
  description: 'Free-text notes kept with a conversation',
  needsConversation: true,
  config: { schema: notesConfig, defaults: { showDates: false }, version: 1 },
  load: () => import('./NotesPanel'),
});

export default defineClientPlugin({
  manifest,
  panels: [notesBoardPanel],
  commands: [
    {
      id: 'notes.refreshNotes',
      title: 'Refresh notes',
      category: 'Notes',
      keywords: ['reload'],
      when: (ctx) => ctx.conversationId !== null,
      run: (ctx) => ctx.services.get(apiKey).queryClient.invalidateQueries({ queryKey: ['notes', 'list'] }),
    },
  ],
});
