import { z } from 'zod';
import { defineClientPlugin, definePanel } from '@core/client/plugin/contract';
import { apiKey } from '@core/client/services/keys';
import { manifest } from '../manifest';
import { TEMPLATE_DIMENSIONS } from '../shared/dimensions';
import { startNoteCommand } from './commands';

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
  // The same filter dimensions as the server half: the filters panel and the URL codec learn them from here.
  dimensions: TEMPLATE_DIMENSIONS,
  panels: [notesPanel],
  // The services the plugin's code reaches (docs/plugins/authoring.md, "Services"); core's are always there.
  services: { requires: [apiKey] },
  commands: [
    {
      id: 'template.refreshNotes',
      title: 'Refresh notes',
      category: 'Template',
      keywords: ['reload'],
      // `when` may be a function of the context, or a context-key expression as in startNoteCommand.
      when: (ctx) => ctx.conversationId !== null,
      run: (ctx) => ctx.services.get(apiKey).queryClient.invalidateQueries({ queryKey: ['template', 'notes'] }),
    },
    startNoteCommand,
  ],
});
