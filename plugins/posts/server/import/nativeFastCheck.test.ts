import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapNative, nativeSchema } from './formats';
import { NATIVE_RULES, checkFields } from './nativeFastCheck';

// Values of the kinds exports hold, around each field's limits (35, 100, 500, 4,000 and 100,000 characters).
const long = (n: number) => fc.constantFrom(n - 1, n, n + 1).map((k) => 'x'.repeat(k));
const scalar = fc.oneof(
  fc.string({ maxLength: 12 }), fc.constantFrom('', ' 12 ', '2025-05-01T10:00:00.000Z', '2025-02-30T00:00:00Z', '2025-05-01 12:00:00', 'reddit', 'myspace'),
  fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), long(35), long(100), long(500), long(4000), long(100_000),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom('likes', 'subreddit', 'karma'), scalar, { maxKeys: 2 }));
const fieldNames = [...NATIVE_RULES.map((r) => r.name), 'extra'];
const actor = fc.dictionary(fc.constantFrom('rid', 'user_id', 'screen_name', 'bio', 'created_at', 'url', 'additional_properties', 'extra'), value, { maxKeys: 5 });
const record = fc.dictionary(fc.constantFrom(...fieldNames), fc.oneof(value, actor), { maxKeys: 8 });

describe('native format: the hand-written check agrees with the schema (issue 19)', () => {
  it('passes only what the schema passes, with the same values; everything else goes to the schema', () => {
    fc.assert(fc.property(record, (raw) => {
      const fast = checkFields(raw, NATIVE_RULES);
      const schema = nativeSchema.safeParse(raw);
      if (fast === null) return;
      expect(schema.success).toBe(true);
      expect(JSON.stringify(fast, Object.keys(fast).sort())).toEqual(JSON.stringify(schema.data, Object.keys(fast).sort()));
      for (const key of Object.keys(schema.data!)) expect(fast[key]).toEqual((schema.data as Record<string, unknown>)[key]);
    }), { numRuns: 3000 });
  });

  it('answers the same mapping for typical records and the schema\'s message for refused ones', () => {
    const good = { platform: 'reddit', rid: 12, body: 'b', published_at: '2025-05-01T12:00:00+02:00', author: { rid: ' u1 ', created_at: 1577836800 }, additional_properties: { score: 3 } };
    expect(mapNative(good, { platform: null })).toEqual({
      ok: true,
      post: expect.objectContaining({ rid: '12', published_at: '2025-05-01T10:00:00.000Z', author: expect.objectContaining({ rid: 'u1', created_at: '2020-01-01T00:00:00.000Z' }) }),
    });
    expect(checkFields(good, NATIVE_RULES)).not.toBeNull();
    expect(mapNative({ ...good, body: 'x'.repeat(100_001) }, { platform: null })).toEqual({ ok: false, reason: 'body: longer than 100000 characters' });
    expect(mapNative({ ...good, rid: 'x'.repeat(501) }, { platform: null })).toEqual({ ok: false, reason: 'rid: longer than 500 characters' });
    expect(mapNative({ ...good, author: { user_id: 'x'.repeat(501) } }, { platform: null })).toEqual({ ok: false, reason: 'author.user_id: longer than 500 characters' });
    expect(mapNative({ ...good, author: { rid: 'u', bio: 5 } }, { platform: null })).toEqual({ ok: false, reason: 'author.bio: Invalid input: expected string, received number' });
  });
});
