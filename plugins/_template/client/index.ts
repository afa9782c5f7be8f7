import { z } from 'zod';
import { defineClientPlugin, definePanel } from '@core/client/plugin/contract';
import { apiKey } from '@core/client/services/keys';
import { manifest } from '../manifest';

const notesConfig = z.object({ showDates: z.boolean() });

export const notesPanel = definePanel({
  type: 'template.notes',
  title: 'Notes',
  description: 'Free-text notes kept with a conversation',
  needsConversation: true,
  config: { schema: notesConfig, defaults: { showDates: false }, version: 1 },
  load: () => import('./NotesPanel'),
});

export default defineClientPlugin({
  manifest,
  panels: [notesPanel],
  commands: [
    {
      id: 'template.refreshNotes',
      title: 'Refresh notes',
      category: 'Template',
      keywords: ['reload'],
      when: (ctx) => ctx.conversationId !== null,
      run: (ctx) => ctx.services.get(apiKey).queryClient.invalidateQueries({ queryKey: ['template', 'notes'] }),
    },
  ],
});
