import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultRange, joinDateTime, parseConversationDate, resolveRange, splitDateTime } from './dates';

describe('parseConversationDate', () => {
  it('reads the shapes the form and the API use, in UTC', () => {
    expect(parseConversationDate('2026-03-04')).toBe('2026-03-04T00:00:00.000Z');
    expect(parseConversationDate('2026-03-04T')).toBe('2026-03-04T00:00:00.000Z');
    expect(parseConversationDate('2026-03-04T09:05')).toBe('2026-03-04T09:05:00.000Z');
    expect(parseConversationDate('2026-03-04T09:05:07.250Z')).toBe('2026-03-04T09:05:07.250Z');
    expect(parseConversationDate('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
  });

  it('refuses impossible dates, other shapes and other time zones', () => {
    for (const bad of ['2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-01T24:00', '2026-01-01T10:60',
      '26-01-01', '2026/01/01', '01-02-2026', '2026-01-01 10:00', '2026-01-01T10:00+01:00', '', 'now', '2026-1-1']) {
      expect(parseConversationDate(bad), bad).toBeNull();
    }
    expect(parseConversationDate(null)).toBeNull();
  });

  it('never throws, and what it answers reads back to itself', () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const parsed = parseConversationDate(s);
      return parsed === null || parseConversationDate(parsed) === parsed;
    }));
    fc.assert(fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }), (d) => {
      const { date, time } = splitDateTime(d.toISOString());
      const back = parseConversationDate(joinDateTime(date, time));
      return back !== null && Math.abs(Date.parse(back) - d.getTime()) < 60_000;
    }));
  });
});

describe('resolveRange', () => {
  const now = new Date('2026-05-10T12:00:00.000Z');
  it('uses the last 3 days ending now when no range is given', () => {
    expect(resolveRange(null, undefined, now)).toEqual({ ok: true, start: '2026-05-07T12:00:00.000Z', end: '2026-05-10T12:00:00.000Z' });
    expect(defaultRange(now)).toEqual({ start: '2026-05-07T12:00:00.000Z', end: '2026-05-10T12:00:00.000Z' });
  });
  it('fills a missing end with now and a missing start with 3 days before the end', () => {
    expect(resolveRange('2026-05-01', null, now)).toEqual({ ok: true, start: '2026-05-01T00:00:00.000Z', end: '2026-05-10T12:00:00.000Z' });
    expect(resolveRange('', '2026-05-05T', now)).toEqual({ ok: true, start: '2026-05-02T00:00:00.000Z', end: '2026-05-05T00:00:00.000Z' });
  });
  it('refuses a start that is not before the end, and invalid dates', () => {
    expect(resolveRange('2026-05-05', '2026-05-05', now)).toEqual({ ok: false });
    expect(resolveRange('2026-05-06', '2026-05-05', now)).toEqual({ ok: false });
    expect(resolveRange('2026-02-30', '2026-03-05', now)).toEqual({ ok: false });
  });
});
