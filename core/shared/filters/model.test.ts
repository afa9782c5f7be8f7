import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { filtersArb } from './arbitraries';
import { CORE_DIMENSIONS } from './coreDimensions';
import { DimensionRegistry, defineDimension, filterDimensions } from './dimensions';
import { registerTestDimensions } from './testing/dimensions';
import {
  countKeyOf,
  filterParams,
  listValueProblem,
  selectionOf,
  emptyFilters,
  filtersSchema,
  isEmptyFilters,
  normalizeFilters,
  setListValue,
  splitSelection,
} from './model';

describe('filter model', () => {
  it("owns core's parameters: the post store's dimensions, the date range and insight_risk", () => {
    expect(filterParams()).toEqual([
      'domains', 'end_range', 'insight_risk', 'is_niche', 'is_quote', 'is_reply', 'is_repost', 'platforms', 'start_range',
    ]);
    expect(filterDimensions.all().map((d) => [d.name, d.countKey])).toEqual([
      ['platforms', 'platform'], ['domains', 'domain'], ['is_niche', 'is_niche'], ['is_repost', 'is_repost'],
      ['is_reply', 'is_reply'], ['is_quote', 'is_quote'],
    ]);
  });

  it('adds the dimensions a plugin registers, with their count keys and panel order, and drops them on dispose', () => {
    const release = registerTestDimensions();
    try {
      expect(filterParams()).toContain('sentiments');
      expect(countKeyOf('narratives')).toBe('narrative');
      expect(filterDimensions.names('list').slice(0, 3)).toEqual(['platforms', 'sentiments', 'engagement_score']);
      expect(emptyFilters().sentiments).toEqual({});
      expect(emptyFilters().contains_threatening_language).toBeNull();
      expect(listValueProblem('engagement_score', 'extreme')).toBe('engagement_score is one of low, medium, high');
    } finally {
      release();
    }
    expect(filterParams()).not.toContain('sentiments');
    expect('sentiments' in emptyFilters()).toBe(false);
  });

  it('refuses a second, different definition of a dimension or a count key, naming both owners', () => {
    const registry = new DimensionRegistry();
    registry.register(CORE_DIMENSIONS);
    const again = registry.register(CORE_DIMENSIONS);
    again();
    expect(registry.names()).toHaveLength(CORE_DIMENSIONS.length);
    const clash = defineDimension({ name: 'platforms', kind: 'boolean', countKey: 'platform_flag', owner: 'other', label: 'P', order: 1 });
    expect(() => registry.register([clash])).toThrow("Filter dimension 'platforms' is already declared by 'core' (refused for 'other')");
    const sameKey = defineDimension({ name: 'platform_family', kind: 'list', countKey: 'platform', owner: 'other', label: 'P', order: 1 });
    expect(() => registry.register([sameKey])).toThrow("Count key 'platform' of 'platform_family' (other) is already used by 'platforms' (core)");
    const reserved = defineDimension({ name: 'start_range', kind: 'list', countKey: 'start', owner: 'other', label: 'S', order: 1 });
    expect(() => registry.register([reserved])).toThrow("Filter dimension 'start_range' of 'other' is a reserved parameter");
    expect(() => defineDimension({ ...clash, name: 'Not-Snake' })).toThrow("Filter dimension name 'Not-Snake' is not snake_case");
  });

  it('gives a fresh, empty, valid value from emptyFilters', () => {
    const a = emptyFilters();
    selectionOf(a, 'platforms').reddit = true;
    a.insight_risk.push('role:x');
    expect(emptyFilters().platforms).toEqual({});
    expect(emptyFilters().insight_risk).toEqual([]);
    expect(isEmptyFilters(emptyFilters())).toBe(true);
    expect(isEmptyFilters(a)).toBe(false);
    expect(filtersSchema.parse(emptyFilters())).toEqual(emptyFilters());
  });

  it('validates with the zod schema', () => {
    const release = registerTestDimensions();
    expect(filtersSchema.safeParse({ ...emptyFilters(), engagement_score: { extreme: true } }).success).toBe(false);
    release();
    expect(filtersSchema.safeParse({ ...emptyFilters(), engagement_score: { low: true } }).error?.issues[0]?.message).toBe('unknown filter dimension engagement_score');
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
    expect(Object.keys(selectionOf(setListValue(included, 'platforms', 'gab', true), 'platforms'))).toEqual(['gab', 'reddit']);
  });

  it('splits and normalises', () => {
    expect(splitSelection({ b: true, a: false, c: true })).toEqual({ included: ['b', 'c'], excluded: ['a'] });
    const f = { ...emptyFilters(), platforms: { z: true, a: false }, insight_risk: ['b:1', 'a:1', 'b:1'] };
    const n = normalizeFilters(f);
    expect(Object.keys(selectionOf(n, 'platforms'))).toEqual(['a', 'z']);
    expect(n.insight_risk).toEqual(['a:1', 'b:1']);
  });
});
