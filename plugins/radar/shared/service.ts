import { serviceKey } from '@core/shared/services/registry';
import type { DateRange, Emerging, EmergingNarrative } from './api';
import type { ThemeName } from './themes';

export interface ThemeVolume {
  theme: ThemeName;
  /** Posts of the last 24 hours on the theme, and their share (0-100) of all the conversation's posts then. */
  volume_raw: number;
  volume_percentage: number;
  volume_raw_date_range: number;
  total_posts_date_range: number;
  /** The theme's current burst (Kleinberg two-state model over the last 30 days of hours) with its evidence, or null. */
  emerging: Emerging | null;
}

/**
 * Theme volumes of a conversation's latest successful run, for other plugins (the alerts plugin's theme metrics).
 * Throws the 404 'Conversation not found' like every analysis for an unknown, foreign or deleted conversation.
 */
export interface ThemeMetrics {
  volumes(organizationId: string, conversationId: string, range?: DateRange): Promise<ThemeVolume[]>;
  /** The conversation's narratives (topic rids) bursting now, with the evidence (an alert metric for the alerts plugin). */
  emergingNarratives(organizationId: string, conversationId: string): Promise<EmergingNarrative[]>;
}

export const themeMetricsKey = serviceKey<ThemeMetrics>('radar.themeMetrics');
