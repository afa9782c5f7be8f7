import { defineDimension } from '@core/shared/filters/dimensions';
import { THEME_LABELS, THEME_ORDER } from './themes';

/**
 * `nrms_theme` (spec part 2 section 9, filter count row): the Topic Radar theme a post was classified into by the
 * radar.themes stage. A post has at most one theme; posts about none of the nine carry no value. Values come from
 * server/facets.ts.
 */
export const RADAR_DIMENSIONS = [
  defineDimension({
    name: 'nrms_theme', kind: 'list', countKey: 'nrms_theme', owner: 'radar', label: 'Theme', order: 130,
    valueLabels: THEME_LABELS, closedValues: THEME_ORDER, rowField: 'nrms_theme',
  }),
];
