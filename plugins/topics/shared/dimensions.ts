import { defineDimension } from '@core/shared/filters/dimensions';

/** The filter dimension topics computes per run (facet in server/facets.ts): a post's narrative. */
export const TOPICS_DIMENSIONS = [
  defineDimension({ name: 'narratives', kind: 'list', countKey: 'narrative', owner: 'topics', label: 'Narrative', order: 60, rowField: 'narrative' }),
];
