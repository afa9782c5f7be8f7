import { defineDimension } from '@core/shared/filters/dimensions';

/** Length buckets of a post's text: under 60 characters, under 140, longer. */
export const POST_LENGTHS = ['short', 'medium', 'long'] as const;

/**
 * A filter dimension this plugin contributes, declared once here and listed by both halves (client/index.ts,
 * server/index.ts): the filters panel, filter_counts, raw_data, export and every analysis call then know it. The
 * server answers its values with a facet (server/facets.ts). Names are permanent: they live in users' URLs.
 */
export const TEMPLATE_DIMENSIONS = [
  defineDimension({
    name: 'template_post_length', kind: 'list', countKey: 'template_post_length', owner: 'template', label: 'Post length', order: 200,
    valueLabels: { short: 'Short', medium: 'Medium', long: 'Long' }, closedValues: POST_LENGTHS, rowField: 'template_post_length',
  }),
];
