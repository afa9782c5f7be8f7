import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORM_KEYS, parseUserProperties, userPropertiesFast, userPropertiesSchemas } from '.';

// Values around each kind's limits: counts, signed counts, flags, digit strings, unsafe integers, objects.
const scalar = fc.oneof(
  fc.integer(), fc.nat(), fc.double({ noNaN: false }), fc.boolean(), fc.constant(null), fc.constant(undefined),
  fc.constantFrom(0, -0, -1, 1, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), 2 ** 60, 0.5, '12', ' 7 ', '-3', 'true', 'x', 1, 0),
  fc.string({ maxLength: 6 }),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 2 }), fc.dictionary(fc.constantFrom('a', 'b'), scalar, { maxKeys: 2 }));
const key = fc.constantFrom('followers', 'following', 'posts', 'karma', 'awardee_karma', 'awarder_karma', 'is_verified', 'bio', 'z', 'constructor', 'toString', '__proto__');
const properties = fc.dictionary(key, value, { maxKeys: 6 }).map((entries) => JSON.parse(JSON.stringify(entries, (_k, v) => (v === undefined ? null : v))) as Record<string, unknown>);
const anyProperties = fc.oneof(properties, fc.dictionary(key, value, { maxKeys: 6 }), value);

describe('author additional_properties without zod (issue 19)', () => {
  it('answers only what the schema answers, same values and key order; everything else goes to the schema', () => {
    fc.assert(fc.property(fc.constantFrom(...PLATFORM_KEYS), anyProperties, (platform, raw) => {
      const fast = userPropertiesFast(platform, raw);
      const schema = userPropertiesSchemas[platform].safeParse(raw);
      if (fast !== null) {
        expect(schema.success).toBe(true);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(schema.data));
        expect(fast).toEqual(schema.data);
      }
      const answer = parseUserProperties(platform, raw);
      if (raw === undefined || raw === null) expect(answer).toEqual({ ok: true, value: {} });
      else if (schema.success) expect(answer).toEqual({ ok: true, value: schema.data });
      else expect(answer).toMatchObject({ ok: false, error: expect.stringMatching(/^author\.additional_properties/) });
    }), { numRuns: 5000 });
  });

  it('takes the common records without the schema, in the schema\'s key order', () => {
    expect(userPropertiesFast('reddit', { zeta: 1, followers: 3, karma: -2, posts: 0 })).toEqual({ followers: 3, posts: 0, karma: -2, zeta: 1 });
    expect(Object.keys(userPropertiesFast('reddit', { zeta: 1, followers: 3, karma: -2, posts: 0 })!)).toEqual(['followers', 'posts', 'karma', 'zeta']);
    expect(userPropertiesFast('telegram', { followers: '12', x: 1 })).toEqual({ followers: '12', x: 1 });
    expect(userPropertiesFast('twitter', { followers: '12' })).toBeNull();
    expect(parseUserProperties('twitter', { followers: '12' })).toEqual({ ok: true, value: { followers: 12 } });
    expect(parseUserProperties('twitter', { followers: 2 ** 60 })).toEqual({ ok: false, error: 'author.additional_properties.followers: Too big: expected int to be <=9007199254740991' });
    expect(parseUserProperties('parler', { is_verified: 1 })).toEqual({ ok: true, value: { is_verified: true } });
  });
});
