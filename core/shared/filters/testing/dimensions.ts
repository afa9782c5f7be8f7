import { defineDimension, filterDimensions } from '../dimensions';

/**
 * Analysis dimensions for core's own filter tests, declared as plugins declare theirs (test-only). Core registers
 * only the post store's; these stand in for what enrichment, topics, coordination and a theme plugin add.
 */
export const TEST_DIMENSIONS = [
  defineDimension({ name: 'sentiments', kind: 'list', countKey: 'sentiment', owner: 'test', label: 'Sentiment', order: 20 }),
  defineDimension({ name: 'contains_threatening_language', kind: 'boolean', countKey: 'contains_threatening_language', owner: 'test', label: 'Threatening language', order: 30 }),
  defineDimension({ name: 'engagement_score', kind: 'list', countKey: 'engagement_score', owner: 'test', label: 'Engagement', order: 40, closedValues: ['low', 'medium', 'high'] }),
  defineDimension({ name: 'narratives', kind: 'list', countKey: 'narrative', owner: 'test', label: 'Narrative', order: 60 }),
  defineDimension({ name: 'coordination_cluster', kind: 'list', countKey: 'coordination_cluster', owner: 'test', label: 'Coordination cluster', order: 70 }),
  defineDimension({ name: 'nrms_theme', kind: 'list', countKey: 'nrms_theme', owner: 'test', label: 'Theme', order: 120 }),
  defineDimension({ name: 'insight_countries_of_origin', kind: 'list', countKey: 'insight_country_of_origin', owner: 'test', label: 'Insight country of origin', order: 125 }),
  defineDimension({ name: 'insight_languages', kind: 'list', countKey: 'insight_language', owner: 'test', label: 'Insight language', order: 130 }),
];

/** Registers TEST_DIMENSIONS in this test file's registry (each test file has its own module instances). */
export function registerTestDimensions(): () => void {
  return filterDimensions.register(TEST_DIMENSIONS);
}
