import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseInstant } from './time';

/**
 * The canonical form's fast path (isCanonicalInstant) must answer what the full path answers: the same instant
 * for every real date in `Date#toISOString`'s form, null for dates that do not exist and for years out of 1-9999.
 */
describe('parseInstant on instants in Date#toISOString form', () => {
  it('refuses year 0000 as it refuses every year before 1', () => {
    expect(parseInstant('0000-06-15T12:00:00.000Z')).toBeNull();
    expect(parseInstant('0000-06-15T12:00:00Z')).toBeNull();
    expect(parseInstant('0001-01-01T00:00:00.000Z')).toBe('0001-01-01T00:00:00.000Z');
    expect(parseInstant('9999-12-31T23:59:59.999Z')).toBe('9999-12-31T23:59:59.999Z');
  });

  it('keeps every real instant as written and refuses rolled-over dates, like the full path', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }),
      fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 999 }),
      (year, month, day, hour, minute, ms) => {
        const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}:07.${pad(ms, 3)}Z`;
        // The full path: the same instant written without milliseconds' padding differences (a +00:00 zone).
        const full = parseInstant(text.replace('Z', '+00:00'));
        expect(parseInstant(text)).toBe(full);
        const real = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day && year >= 1;
        expect(full === null).toBe(!real);
      },
    ), { numRuns: 2000 });
  });
});
