import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { filtersArb } from './arbitraries';
import {
  FILTER_COUNT_KEYS,
  FILTER_PARAMS,
  emptyFilters,
  filtersSchema,
  isEmptyFilters,
  normalizeFilters,
  setListValue,
  splitSelection,
} from './model';

describe('filter model', () => {
  it('owns exactly the parameters of the spec, with insight dimensions named insight_<plural>', () => {
    expect(FILTER_PARAMS).toEqual([
      'contains_threatening_language',
      'coordination_cluster',
      'domains',
      'end_range',
      'engagement_score',
      'insight_countries_of_origin',
      'insight_languages',
      'insight_operating_countries',
      'insight_regions',
      'insight_risk',
      'insight_roles',
      'insight_state_associations',
      'insight_subcategories',
      'is_niche',
      'is_quote',
      'is_reply',
      'is_repost',
      'narratives',
      'nrms_theme',
      'platforms',
      'sentiments',
      'start_range',
    ]);
  });

  it('maps every list and boolean dimension to a key of the spec filter count row', () => {
    expect(Object.values(FILTER_COUNT_KEYS).sort()).toEqual(
      [
        'narrative', 'sentiment', 'contains_threatening_language', 'platform', 'domain', 'insight_region',
        'insight_language', 'insight_subcategory', 'insight_role', 'insight_country_of_origin',
        'insight_operating_country', 'insight_state_association', 'coordination_cluster', 'is_niche', 'is_repost',
        'is_reply', 'is_quote', 'engagement_score', 'nrms_theme',
      ].sort(),
    );
  });

  it('gives a fresh, empty, valid value from emptyFilters', () => {
    const a = emptyFilters();
    a.platforms.reddit = true;
    a.insight_risk.push('role:x');
    expect(emptyFilters().platforms).toEqual({});
    expect(emptyFilters().insight_risk).toEqual([]);
    expect(isEmptyFilters(emptyFilters())).toBe(true);
    expect(isEmptyFilters(a)).toBe(false);
    expect(filtersSchema.parse(emptyFilters())).toEqual(emptyFilters());
  });

  it('validates with the zod schema', () => {
    expect(filtersSchema.safeParse({ ...emptyFilters(), engagement_score: { extreme: true } }).success).toBe(false);
    expect(filtersSchema.safeParse({ ...emptyFilters(), platforms: { '': true } }).success).toBe(false);
    expect(filtersSchema.safeParse({ ...emptyFilters(), is_reply: 'true' }).success).toBe(false);
    expect(filtersSchema.safeParse({ ...emptyFilters(), start_range: '2024-01-01' }).success).toBe(false);
    expect(filtersSchema.safeParse({ ...emptyFilters(), start_range: '2023-02-29T00:00:00Z' }).success).toBe(false);
    expect(filtersSchema.safeParse({ ...emptyFilters(), insight_risk: ['novalue:'] }).success).toBe(false);
    expect(filtersSchema.safeParse({ ...emptyFilters(), domains: { 'a.com:443': false } }).success).toBe(true);
    fc.assert(
      fc.property(filtersArb(), (f) => {
        expect(filtersSchema.parse(f)).toEqual(f);
      }),
      { numRuns: 100 },
    );
  });

  it('sets, flips and clears one value immutably', () => {
    const included = setListValue(emptyFilters(), 'platforms', 'reddit', true);
    const excluded = setListValue(included, 'platforms', 'reddit', false);
    expect(included.platforms).toEqual({ reddit: true });
    expect(excluded.platforms).toEqual({ reddit: false });
    expect(setListValue(excluded, 'platforms', 'reddit', null).platforms).toEqual({});
    expect(Object.keys(setListValue(included, 'platforms', 'gab', true).platforms)).toEqual(['gab', 'reddit']);
  });

  it('splits and normalises', () => {
    expect(splitSelection({ b: true, a: false, c: true })).toEqual({ included: ['b', 'c'], excluded: ['a'] });
    const f = { ...emptyFilters(), platforms: { z: true, a: false }, insight_risk: ['b:1', 'a:1', 'b:1'] };
    const n = normalizeFilters(f);
    expect(Object.keys(n.platforms)).toEqual(['a', 'z']);
    expect(n.insight_risk).toEqual(['a:1', 'b:1']);
  });
});
