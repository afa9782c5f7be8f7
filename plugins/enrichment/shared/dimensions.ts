import { defineDimension } from '@core/shared/filters/dimensions';
import { ENGAGEMENT_LEVELS } from './enrichmentRecord';

/** The filter dimensions enrichment computes per post (facets in server/facets.ts). */
export const ENRICHMENT_DIMENSIONS = [
  defineDimension({
    name: 'sentiments', kind: 'list', countKey: 'sentiment', owner: 'enrichment', label: 'Sentiment', order: 20,
    valueLabels: { POSITIVE: 'Positive', NEGATIVE: 'Negative', NEUTRAL: 'Neutral' }, otherValueLabel: 'Unknown', rowField: 'sentiment',
  }),
  defineDimension({
    name: 'contains_threatening_language', kind: 'boolean', countKey: 'contains_threatening_language', owner: 'enrichment',
    label: 'Threatening language', order: 30, rowField: 'threats_of_violence',
  }),
  defineDimension({
    name: 'engagement_score', kind: 'list', countKey: 'engagement_score', owner: 'enrichment', label: 'Engagement', order: 40,
    valueLabels: { low: 'Low', medium: 'Medium', high: 'High' }, closedValues: ENGAGEMENT_LEVELS, rowField: 'engagement_score',
  }),
];
