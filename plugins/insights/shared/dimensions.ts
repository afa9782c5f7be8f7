import { defineDimension } from '@core/shared/filters/dimensions';

/**
 * The insight_* filter dimensions (spec part 2 section 3): a post carries the values of the approved insights on its
 * author's account and on the domains it links. Pending, rejected and deleted insights stay out of the filters.
 * Values come from the facet in server/facets.ts.
 */
export const INSIGHT_DIMENSIONS = [
  ['insight_subcategories', 'insight_subcategory', 'Insight subcategory', 120],
  ['insight_countries_of_origin', 'insight_country_of_origin', 'Insight country of origin', 121],
  ['insight_operating_countries', 'insight_operating_country', 'Insight operating country', 122],
  ['insight_state_associations', 'insight_state_association', 'Insight state association', 123],
  ['insight_roles', 'insight_role', 'Insight role', 124],
  ['insight_languages', 'insight_language', 'Insight language', 125],
  ['insight_regions', 'insight_region', 'Insight region', 126],
].map(([name, countKey, label, order]) => defineDimension({
  name: name as string, kind: 'list', countKey: countKey as string, owner: 'insights', label: label as string, order: order as number,
}));

/** Dimension name -> the insight property whose values it carries. */
export const DIMENSION_PROPERTY: Record<string, 'subcategory' | 'country_of_origin' | 'operating_country' | 'state_association' | 'role' | 'language' | 'region'> = {
  insight_subcategories: 'subcategory',
  insight_countries_of_origin: 'country_of_origin',
  insight_operating_countries: 'operating_country',
  insight_state_associations: 'state_association',
  insight_roles: 'role',
  insight_languages: 'language',
  insight_regions: 'region',
};
