import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { filtersArb, TRICKY_VALUES } from './arbitraries';
import { clearAll, decodeFilters, decodeFiltersStrict, encodeFilters, isFilterParam, mergeIntoSearch, toQueryString } from './codec';
import type { FilterWarning } from './codec';
import { compareStrings, emptyFilters, filterParams, filtersSchema } from './model';
import { registerTestDimensions } from './testing/dimensions';

// The analysis dimensions plugins would add, before any arbitrary below draws from the registry.
// Released after the file: the registry is process-wide and files of the server project share a process.
afterAll(registerTestDimensions());
const FILTER_PARAMS = filterParams();
import type { Filters } from './model';

function decodeWithWarnings(query: string): { filters: Filters; warnings: FilterWarning[] } {
  const warnings: FilterWarning[] = [];
  const filters = decodeFilters(query, { onWarning: (w) => warnings.push(w) });
  return { filters, warnings };
}

describe('spec examples', () => {
  it('decodes the API form of issue 6 and encodes it back sorted', () => {
    const query = 'platforms=reddit:true&platforms=gab:false&is_reply=true&start_range=2024-01-01T00:00:00Z';
    const { filters, warnings } = decodeWithWarnings(query);
    expect(warnings).toEqual([]);
    expect(filters).toEqual({
      ...emptyFilters(),
      platforms: { gab: false, reddit: true },
      is_reply: true,
      start_range: '2024-01-01T00:00:00Z',
    });
    expect(toQueryString(encodeFilters(filters))).toBe(
      'is_reply=true&platforms=gab:false&platforms=reddit:true&start_range=2024-01-01T00:00:00Z',
    );
  });

  it('encodes every kind of parameter as the URL carries it', () => {
    const filters: Filters = {
      ...emptyFilters(),
      sentiments: { NEGATIVE: false },
      engagement_score: { high: true, low: true },
      insight_countries_of_origin: { Russia: true },
      domains: { 'http://example.com:8080': false },
      contains_threatening_language: false,
      end_range: '2024-02-01T12:30:00+01:00',
      insight_risk: ['subcategory:Pink Slime', 'state_association:China'],
    };
    expect(toQueryString(encodeFilters(filters))).toBe(
      [
        'contains_threatening_language=false',
        'domains=http:%2F%2Fexample.com:8080:false',
        'end_range=2024-02-01T12:30:00%2B01:00',
        'engagement_score=high:true',
        'engagement_score=low:true',
        'insight_countries_of_origin=Russia:true',
        'insight_risk=state_association:China',
        'insight_risk=subcategory:Pink%20Slime',
        'sentiments=NEGATIVE:false',
      ].join('&'),
    );
  });

  it('splits list entries on the last colon, so values may contain colons', () => {
    const { filters } = decodeWithWarnings('domains=http%3A%2F%2Fa.com%3A8080%3Afalse&narratives=x:true:true');
    expect(filters.domains).toEqual({ 'http://a.com:8080': false });
    expect(filters.narratives).toEqual({ 'x:true': true });
  });

  it('reads an entry without a suffix as included, as the spec says the suffix is optional', () => {
    const { filters, warnings } = decodeWithWarnings('platforms=reddit&domains=https://a.com');
    expect(warnings).toEqual([]);
    expect(filters.platforms).toEqual({ reddit: true });
    expect(filters.domains).toEqual({ 'https://a.com': true });
  });

  it('accepts a leading ?, a parsed query object and repeated parameters as arrays', () => {
    expect(decodeFilters('?is_niche=false').is_niche).toBe(false);
    const fromObject = decodeFilters({ platforms: ['reddit:true', 'gab:false'], is_quote: 'true', limit: '10' });
    expect(fromObject).toEqual({ ...emptyFilters(), platforms: { gab: false, reddit: true }, is_quote: true });
  });
});

describe('malformed input', () => {
  it('skips bad entries, names the parameter in a warning and keeps the good ones', () => {
    const { filters, warnings } = decodeWithWarnings(
      [
        'is_reply=yes',
        'engagement_score=extreme:true',
        'engagement_score=low:true',
        'platforms=:true',
        'start_range=yesterday',
        'end_range=2024-02-30T00:00:00Z',
        'insight_risk=nokey',
        'insight_risk=:value',
        'platforms=__proto__:true',
        'sentiments=POSITIVE:true',
      ].join('&'),
    );
    expect(filters).toEqual({ ...emptyFilters(), engagement_score: { low: true }, sentiments: { POSITIVE: true } });
    expect(warnings.map((w) => w.param)).toEqual([
      'is_reply',
      'engagement_score',
      'platforms',
      'start_range',
      'end_range',
      'insight_risk',
      'insight_risk',
      'platforms',
    ]);
    expect(warnings[0]).toEqual({ param: 'is_reply', value: 'yes', reason: 'expected true or false' });
  });

  it('lets the last of two contradicting entries win, with a warning', () => {
    const { filters, warnings } = decodeWithWarnings(
      'platforms=reddit:true&platforms=reddit:false&is_repost=true&is_repost=false&is_quote=true&is_quote=true',
    );
    expect(filters.platforms).toEqual({ reddit: false });
    expect(filters.is_repost).toBe(false);
    expect(filters.is_quote).toBe(true);
    expect(warnings.map((w) => w.param)).toEqual(['platforms', 'is_repost']);
  });

  it('ignores parameters that are not filters, without warnings', () => {
    const { filters, warnings } = decodeWithWarnings('viz:preset=narrative&limit=10&conversation_id=c1&platform=x');
    expect(filters).toEqual(emptyFilters());
    expect(warnings).toEqual([]);
  });

  it('never throws on arbitrary text and always gives valid filters', () => {
    const paramName = fc.oneof(fc.constantFrom(...FILTER_PARAMS), fc.string({ maxLength: 6 }));
    const structured = fc
      .array(fc.tuple(paramName, fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom(...TRICKY_VALUES))))
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), structured), (text) => {
        const filters = decodeFilters(text, { onWarning: () => {} });
        expect(filtersSchema.safeParse(filters).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('properties', () => {
  it('decode(encode(f)) is f', () => {
    fc.assert(
      fc.property(filtersArb(), (filters) => {
        const warnings: FilterWarning[] = [];
        expect(decodeFilters(encodeFilters(filters), { onWarning: (w) => warnings.push(w) })).toEqual(filters);
        expect(warnings).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('survives the trip through a readable query string and a URL', () => {
    fc.assert(
      fc.property(filtersArb(), (filters) => {
        const url = new URL(`https://narrascope.test/explorer?${toQueryString(encodeFilters(filters))}`);
        expect(decodeFilters(url.search)).toEqual(filters);
        expect(decodeFilters(encodeFilters(filters).toString())).toEqual(filters);
      }),
      { numRuns: 200 },
    );
  });

  it('encodes sorted by name then value, independent of key order', () => {
    fc.assert(
      fc.property(filtersArb(), (filters) => {
        const entries = [...encodeFilters(filters)];
        for (let i = 1; i < entries.length; i++) {
          const [ka, va] = entries[i - 1]!;
          const [kb, vb] = entries[i]!;
          expect(compareStrings(ka, kb) || compareStrings(va, vb)).toBeLessThanOrEqual(0);
        }
        const reversed = Object.fromEntries(
          Object.entries(filters)
            .reverse()
            .map(([k, v]) => [k, v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v]),
        ) as Filters;
        const reversedRisks = { ...reversed, insight_risk: [...filters.insight_risk].reverse() };
        expect(encodeFilters(reversedRisks).toString()).toBe(encodeFilters(filters).toString());
        expect(encodeFilters(decodeFilters(encodeFilters(filters))).toString()).toBe(encodeFilters(filters).toString());
      }),
      { numRuns: 200 },
    );
  });

  it('mergeIntoSearch replaces filters and keeps every other parameter in order', () => {
    const otherParam = fc.tuple(
      fc.constantFrom('viz:preset', 'viz:node', 'conversation_id', 'limit', 'record_offset', 'order_by', 'x'),
      fc.string({ maxLength: 8 }),
    );
    const existing = fc.array(fc.oneof(otherParam, fc.tuple(fc.constantFrom(...FILTER_PARAMS), fc.string())), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(existing, filtersArb(), (pairs, filters) => {
        const merged = mergeIntoSearch(new URLSearchParams(pairs), filters);
        expect(decodeFilters(merged)).toEqual(filters);
        const others = (p: Iterable<[string, string]>) => [...p].filter(([k]) => !isFilterParam(k));
        expect(others(merged)).toEqual(others(new URLSearchParams(pairs)));
        expect([...merged].filter(([k]) => isFilterParam(k))).toEqual([...encodeFilters(filters)]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('clearAll', () => {
  it('removes every filter, range and insight_risk parameter and keeps the rest', () => {
    const params = new URLSearchParams(
      'viz:preset=narrative&platforms=reddit:true&conversation_id=abc&is_niche=true&limit=10' +
        '&start_range=2024-01-01T00:00:00Z&end_range=2024-02-01T00:00:00Z&insight_risk=role:journalist' +
        '&insight_languages=en:true&nrms_theme=QANON:false&viz:node=posts',
    );
    expect(toQueryString(clearAll(params))).toBe('viz:preset=narrative&conversation_id=abc&limit=10&viz:node=posts');
    expect(params.get('platforms')).toBe('reddit:true');
  });

  it('leaves nothing a decoder would read, for any input', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FILTER_PARAMS), fc.string()), fc.string())), (pairs) => {
        const cleared = clearAll(new URLSearchParams(pairs));
        expect(decodeFilters(cleared)).toEqual(emptyFilters());
        expect([...cleared]).toEqual([...new URLSearchParams(pairs)].filter(([k]) => !FILTER_PARAMS.includes(k)));
      }),
    );
  });
});

describe('decodeFiltersStrict (servers)', () => {
  it('words each unusable entry as "param: reason (value)" and ignores repeats that resolve to the last entry', () => {
    const { filters, problems } = decodeFiltersStrict('is_reply=maybe&platforms=reddit:true&platforms=reddit:false&start_range=2024-01-01');
    expect(problems).toEqual([
      'is_reply: expected true or false ("maybe")',
      expect.stringMatching(/^start_range: .+ \("2024-01-01"\)$/),
    ]);
    expect(filters.platforms).toEqual({ reddit: false });
    expect(filters.is_reply).toBeNull();
  });
});
