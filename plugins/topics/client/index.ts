import { z } from 'zod';
import { defineClientPlugin, definePanel } from '@core/client/plugin/contract';
import { manifest } from '../manifest';
import { NARRATIVES_PANEL, TIMELINE_PANEL, topicsCommands } from './commands';
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

export default defineClientPlugin({ manifest, panels: [narrativesPanel, timelinePanel], commands: topicsCommands });
