import { z } from 'zod';
import { definePanel } from '@core/client/plugin/contract';
import { NOTABLE_POST_TYPES } from '../shared/explorerApi';
import * as T from './panelTypes';

const noConfig = { schema: z.object({}).strict(), defaults: {}, version: 1 };

/** Every panel loads lazily: the table with TanStack, the charts with Plotly, only when a layout shows them. */
export const postsPanels = [
  definePanel({
    type: T.RAW_DATA_PANEL, title: 'Raw data', description: 'The posts of the conversation under the filters, as a table',
    needsConversation: true, config: noConfig, load: () => import('./table/RawDataTablePanel'),
  }),
  definePanel({
    type: T.FILTERS_PANEL, title: 'Filters', description: 'Every filter dimension with counts, date range, clear all',
    needsConversation: true, config: noConfig, load: () => import('./filters/FiltersPanel'),
  }),
  definePanel({
    type: T.POSTS_OVER_TIME_PANEL, title: 'Posts over time', description: 'Post count over time per platform',
    needsConversation: true, config: noConfig, load: () => import('./overview/PostsOverTimePanel'),
  }),
  definePanel({
    type: T.PLATFORM_BREAKDOWN_PANEL, title: 'Data source breakdown', description: 'Posts per platform',
    needsConversation: true, config: noConfig, load: () => import('./overview/PlatformBreakdownPanel'),
  }),
  definePanel({
    type: T.ENGAGEMENT_BY_PLATFORM_PANEL, title: 'Engagement by platform', description: 'Low, medium and high engagement posts per platform',
    needsConversation: true, config: noConfig, load: () => import('./overview/EngagementByPlatformPanel'),
  }),
  definePanel({
    type: T.TOP_DOMAINS_PANEL, title: 'Top domains per platform', description: 'The most shared domains of each platform',
    needsConversation: true, config: noConfig, load: () => import('./overview/TopDomainsPanel'),
  }),
  definePanel({
    type: T.SENTIMENT_THREATS_PANEL, title: 'Sentiment and threats', description: 'Sentiment and threatening-language counts',
    needsConversation: true, config: noConfig, load: () => import('./overview/SentimentThreatPanel'),
  }),
  definePanel({
    type: T.REPEATED_TEXTS_PANEL, title: 'Repeated texts', description: 'The texts posted more than once (text count)',
    needsConversation: true, config: noConfig, load: () => import('./overview/RepeatedTextsPanel'),
  }),
  definePanel({
    type: T.NARRATIVE_PAIR_PANEL, title: 'Narrative pair activity', description: 'The two largest narratives: posts per day side by side',
    needsConversation: true, config: noConfig, load: () => import('./overview/NarrativePairPanel'),
  }),
  definePanel({
    type: T.NOTABLE_POSTS_PANEL, title: 'Notable posts', description: 'The most engaged, most threatening or newest posts',
    needsConversation: true,
    config: { schema: z.object({ type: z.enum(NOTABLE_POST_TYPES) }), defaults: { type: 'engagement' as const }, version: 1 },
    load: () => import('./overview/NotablePostsPanel'),
  }),
];
