/** fast-check generators for the filter tests (test-only; not exported from index.ts). */
import fc from 'fast-check';
import { filterDimensions } from './dimensions';
import { booleanDimensions, compareStrings, insightRiskProblem, listDimensions, listValueProblem } from './model';
import type { Filters, ListDimension, Selection } from './model';

/** Values that stress the codec: colons, suffix look-alikes, URL metacharacters, non-ASCII. */
export const TRICKY_VALUES = [
  'reddit',
  'gab',
  'a:b',
  'http://example.com:8080/p?q=1&r=2#f',
  'true',
  ':true',
  'x:false',
  'with space',
  '100%',
  '+plus',
  'é日本🙂',
  'viz:preset',
] as const;

const anyValue = fc.oneof(
  fc.constantFrom(...TRICKY_VALUES),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
  fc.string({ minLength: 1, maxLength: 12 }),
);

function selectionFrom(dimension: ListDimension, pools: FilterPools): fc.Arbitrary<Selection> {
  const closed = filterDimensions.get(dimension)?.closedValues;
  const values = closed ? fc.constantFrom<string>(...closed) : pools.value(dimension);
  const entries = fc.uniqueArray(fc.tuple(values.filter((v) => listValueProblem(dimension, v) === null), fc.boolean()), {
    selector: ([v]) => v,
    maxLength: 4,
  });
  const nonEmpty = entries.map((list) => Object.fromEntries(list.sort(([a], [b]) => compareStrings(a, b))));
  return fc.oneof({ weight: pools.unsetWeight ?? 2, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: nonEmpty });
}

const MIN_TIME = Date.UTC(1990, 0, 1);
const MAX_TIME = Date.UTC(2040, 0, 1);

/** ISO date-times in the forms a client may send: `Z` (with milliseconds) or an offset, for instants of `time`. */
export function isoDateTime(time: fc.Arbitrary<number> = fc.integer({ min: MIN_TIME, max: MAX_TIME })): fc.Arbitrary<string> {
  return fc.tuple(time, fc.constantFrom(0, 0, 330, -300, 60)).map(([t, offsetMinutes]) => {
    if (offsetMinutes === 0) return new Date(t).toISOString();
    const local = new Date(t + offsetMinutes * 60_000).toISOString().slice(0, 23);
    const sign = offsetMinutes < 0 ? '-' : '+';
    const abs = Math.abs(offsetMinutes);
    return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  });
}

export interface FilterPools {
  /** Values offered for a list dimension (a dimension with closed values always uses those). */
  value: (dimension: ListDimension) => fc.Arbitrary<string>;
  /** How many times likelier each dimension is unset (empty, null) than set (default 2). */
  unsetWeight?: number;
  insightRisk: fc.Arbitrary<string>;
  date: fc.Arbitrary<string>;
}

const defaultPools: FilterPools = {
  value: () => anyValue,
  insightRisk: fc
    .tuple(fc.constantFrom('subcategory', 'state_association', 'role'), anyValue)
    .map(([key, value]) => `${key}:${value}`)
    .filter((entry) => insightRiskProblem(entry) === null),
  date: isoDateTime(),
};

/** Normalised random Filters (sorted selection keys, sorted unique insight_risk), mostly sparse. */
export function filtersArb(pools: FilterPools = defaultPools): fc.Arbitrary<Filters> {
  const lists = Object.fromEntries(listDimensions().map((d) => [d, selectionFrom(d, pools)]));
  const unset = <T>(arb: fc.Arbitrary<T>, none: T) =>
    fc.oneof({ weight: pools.unsetWeight ?? 2, arbitrary: fc.constant(none) }, { weight: 1, arbitrary: arb });
  const booleans = Object.fromEntries(booleanDimensions().map((d) => [d, unset<boolean | null>(fc.boolean(), null)]));
  const risks = fc
    .uniqueArray(pools.insightRisk, { minLength: 1, maxLength: 3 })
    .map((entries) => [...entries].sort(compareStrings));
  return fc
    .record({
      ...lists,
      ...booleans,
      start_range: unset<string | null>(pools.date, null),
      end_range: unset<string | null>(pools.date, null),
      insight_risk: unset<string[]>(risks, []),
    })
    .map((record) => record as unknown as Filters);
}
