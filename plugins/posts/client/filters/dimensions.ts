import {
  BOOLEAN_DIMENSIONS, FILTER_COUNT_KEYS, LIST_DIMENSIONS, SENTIMENTS, type BooleanDimension, type ListDimension,
} from '@core/shared/filters';
import { displayPlatform } from '@core/shared/platforms';

export type Dimension = ListDimension | BooleanDimension;

/** Every filter dimension of the spec's filter model, in the order the filters panel shows them. */
export const DIMENSION_ORDER: readonly Dimension[] = [
  'platforms', 'sentiments', 'contains_threatening_language', 'engagement_score', 'domains', 'narratives',
  'coordination_cluster', 'is_niche', 'is_repost', 'is_reply', 'is_quote', 'nrms_theme',
  'insight_subcategories', 'insight_countries_of_origin', 'insight_operating_countries', 'insight_state_associations',
  'insight_roles', 'insight_languages', 'insight_regions',
];

export const DIMENSION_LABELS: Record<Dimension, string> = {
  platforms: 'Platform',
  sentiments: 'Sentiment',
  contains_threatening_language: 'Threatening language',
  engagement_score: 'Engagement',
  domains: 'Domain',
  narratives: 'Narrative',
  coordination_cluster: 'Coordination cluster',
  is_niche: 'Niche platform',
  is_repost: 'Repost',
  is_reply: 'Reply',
  is_quote: 'Quote',
  nrms_theme: 'Theme',
  insight_subcategories: 'Insight subcategory',
  insight_countries_of_origin: 'Insight country of origin',
  insight_operating_countries: 'Insight operating country',
  insight_state_associations: 'Insight state association',
  insight_roles: 'Insight role',
  insight_languages: 'Insight language',
  insight_regions: 'Insight region',
};

export const isBoolean = (d: Dimension): d is BooleanDimension => (BOOLEAN_DIMENSIONS as readonly string[]).includes(d);
export const countKey = (d: Dimension): string => FILTER_COUNT_KEYS[d];

const SENTIMENT_LABELS: Record<string, string> = { POSITIVE: 'Positive', NEGATIVE: 'Negative', NEUTRAL: 'Neutral' };
const ENGAGEMENT_LABELS: Record<string, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/** How a value of a dimension is shown: platform labels from the catalogue, sentiments (others are Unknown), levels. */
export function valueLabel(d: Dimension, value: string): string {
  if (d === 'platforms') return displayPlatform(value, () => undefined).label;
  if (d === 'sentiments') return SENTIMENT_LABELS[value] ?? 'Unknown';
  if (d === 'engagement_score') return ENGAGEMENT_LABELS[value] ?? value;
  if (isBoolean(d)) return value === 'true' ? 'Yes' : 'No';
  return value;
}

/** The command id suffix of a dimension: `platforms` → `Platforms`, `is_reply` → `IsReply`. */
export function dimensionCommandName(d: Dimension): string {
  return d.split('_').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

export { LIST_DIMENSIONS, SENTIMENTS };
