import { defineDimension } from '@core/shared/filters/dimensions';

/** The filter dimension coordination computes per run (facet in server/facets.ts): the clusters a post proves. */
export const COORDINATION_DIMENSIONS = [
  defineDimension({
    name: 'coordination_cluster', kind: 'list', countKey: 'coordination_cluster', owner: 'coordination', label: 'Coordination cluster',
    order: 70, rowField: 'coordination_cluster_ids',
  }),
];
