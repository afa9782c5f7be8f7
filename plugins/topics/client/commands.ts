import { z } from 'zod';
import { defineCommand, type CommandDefinition } from '@core/client/plugin/contract';
import { handOver } from '@core/client/commands/panelHandlers';
import { narrativeKind } from '@core/client/selection/kinds';
import { selectionKey } from '@core/client/services/keys';
import { filterToNarrative } from './actions';
import { comparisonKind } from './kinds';

export const NARRATIVES_PANEL = 'topics.narratives';
export const TIMELINE_PANEL = 'topics.timeline';

const narrativeArgs = z.object({ narrativeId: z.string().min(1).optional() }).default({});

// Each command acts on the narratives given as arguments. From the palette there are none: the command shows the
// narratives panel (it holds the list) and hands it the request, and the panel lets the user pick.

export const openNarrativeCommand = defineCommand({
  id: 'topics.openNarrative', title: 'Open narrative', category: 'Narratives', keywords: ['topic', 'popup', 'cluster'],
  when: 'conversationId',
  args: narrativeArgs,
  run: async (ctx, { narrativeId }) => {
    if (narrativeId) ctx.services.get(selectionKey).openPopup(narrativeKind, { narrativeId });
    else await handOver(ctx, 'topics.openNarrative', {}, { openPanel: NARRATIVES_PANEL });
  },
});

export const filterNarrativeCommand = defineCommand({
  id: 'topics.filterNarrative', title: 'Filter to narrative', category: 'Narratives', keywords: ['topic', 'filter'],
  when: 'conversationId',
  args: narrativeArgs,
  run: async (ctx, { narrativeId }) => {
    if (narrativeId) filterToNarrative(ctx.services, narrativeId);
    else await handOver(ctx, 'topics.filterNarrative', {}, { openPanel: NARRATIVES_PANEL });
  },
});

export const compareNarrativesCommand = defineCommand({
  id: 'topics.compareNarratives', title: 'Compare two narratives', category: 'Narratives', keywords: ['topic', 'diff'],
  when: 'conversationId',
  args: z.object({ ids: z.tuple([z.string().min(1), z.string().min(1)]).optional() }).default({}),
  run: async (ctx, { ids }) => {
    if (ids) ctx.services.get(selectionKey).openPopup(comparisonKind, { ids });
    else await handOver(ctx, 'topics.compareNarratives', {}, { openPanel: NARRATIVES_PANEL });
  },
});

export const topicsCommands: CommandDefinition[] = [openNarrativeCommand, filterNarrativeCommand, compareNarrativesCommand];
