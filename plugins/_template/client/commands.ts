import { z } from 'zod';
import { defineCommand } from '@core/client/plugin/contract';
import { handOver } from '@core/client/commands/panelHandlers';

/**
 * A command with arguments. The palette runs it with none (the schema's default): it shows the Notes panel and
 * focuses the new-note box. Code passes a draft: `commands.execute(startNoteCommand, { text: 'Quote: ...' })`; a bad
 * argument is refused with CommandArgumentsError before `run`. The panel receives the arguments through
 * `usePanelCommand` (NotesPanel.tsx), kept until it has mounted.
 */
export const startNoteCommand = defineCommand({
  id: 'template.startNote',
  title: 'Start a note',
  category: 'Template',
  keywords: ['write', 'add', 'draft'],
  // A `when` expression over context keys (core/client/commands/README.md lists them).
  when: 'conversationId',
  args: z.object({ text: z.string().max(2000).optional() }).default({}),
  run: (ctx, args) => handOver(ctx, 'template.startNote', args, { openPanel: 'template.notes' }),
});
