import type { CommandContext, CommandDefinition } from '@core/client/plugin/contract';
import { workspaceServiceKey } from '@core/client/workspace/workspaceService';
import { narrativeUi, type NarrativePick } from './narrativeUi';

export const NARRATIVES_PANEL = 'topics.narratives';
export const TIMELINE_PANEL = 'topics.timeline';

const inConversation = (ctx: CommandContext) => ctx.conversationId !== null;

/** Shows the narratives panel (it holds the data) and asks it to let the user pick. */
function ask(pick: NarrativePick) {
  return (ctx: CommandContext) => {
    if (ctx.services.has(workspaceServiceKey)) ctx.services.get(workspaceServiceKey).openPanel(NARRATIVES_PANEL);
    narrativeUi.askPick(pick);
  };
}

export const topicsCommands: CommandDefinition[] = [
  { id: 'topics.openNarrative', title: 'Open narrative', category: 'Narratives', keywords: ['topic', 'popup', 'cluster'], when: inConversation, run: ask('open') },
  { id: 'topics.filterNarrative', title: 'Filter to narrative', category: 'Narratives', keywords: ['topic', 'filter'], when: inConversation, run: ask('filter') },
  { id: 'topics.compareNarratives', title: 'Compare two narratives', category: 'Narratives', keywords: ['topic', 'diff'], when: inConversation, run: ask('compare') },
];
