import { z } from 'zod';
import { TOPICS_DIMENSIONS } from '../shared/dimensions';
import { defineClientPlugin, definePanel } from '@core/client/plugin/contract';
import { selectionKey } from '@core/client/services/keys';
import { narrativeKind } from '@core/client/selection/kinds';
import { lazyPopup } from '@core/client/selection/lazyPopup';
import { manifest } from '../manifest';
import { NARRATIVES_PANEL, TIMELINE_PANEL, topicsCommands } from './commands';
import { comparisonKind } from './kinds';
import { NARRATIVE_SORTS } from './format';

export const narrativesPanel = definePanel({
  type: NARRATIVES_PANEL,
  title: 'Narratives',
  description: 'Narratives of the conversation by size, risk or engagement; click one to filter the workspace',
  needsConversation: true,
  config: { schema: z.object({ sortBy: z.enum(NARRATIVE_SORTS) }), defaults: { sortBy: 'size' as const }, version: 1 },
  load: () => import('./NarrativesPanel'),
});

export const timelinePanel = definePanel({
  type: TIMELINE_PANEL,
  title: 'Topic timeline',
  description: 'Posts per day of the largest topics',
  needsConversation: true,
  config: { schema: z.object({ topics: z.number().int().min(1).max(20) }), defaults: { topics: 8 }, version: 1 },
  load: () => import('./TopicTimelinePanel'),
});

export default defineClientPlugin({
  manifest,
  dimensions: TOPICS_DIMENSIONS,
  panels: [narrativesPanel, timelinePanel],
  commands: topicsCommands,
  activate: (services) => {
    const selection = services.get(selectionKey);
    const popups = () => import('./popups');
    return [
      selection.registerPopup(narrativeKind, lazyPopup(() => popups().then((m) => m.NarrativePopupRenderer))),
      selection.registerPopup(comparisonKind, lazyPopup(() => popups().then((m) => m.ComparisonRenderer))),
    ];
  },
});
