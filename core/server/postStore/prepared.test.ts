import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePost, type PostInput } from './normalize';
import { packPrepared, preparePost, unpackPrepared } from './prepared';

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('#Tag @name https://a.example/x', 'see https://b.example/🙂 and #Vote'));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const post: fc.Arbitrary<PostInput> = fc.record({
  platform: fc.constantFrom('twitter', 'reddit', 'telegram', 'gab'),
  rid: fc.string({ minLength: 1 }),
  title: maybe(text),
  body: text,
  published_at: fc.constant('2025-05-01T00:00:00.000Z'),
  urls: fc.array(fc.webUrl(), { maxLength: 3 }),
  hashtags: fc.array(text, { maxLength: 2 }),
  repost_of: maybe(fc.string()),
  entities: fc.option(fc.jsonValue(), { nil: undefined }),
  author: maybe(fc.record({ rid: fc.string({ minLength: 1 }), screen_name: maybe(text), bio: maybe(text), additional_properties: fc.dictionary(fc.string(), fc.jsonValue()) })),
  additional_properties: fc.dictionary(fc.string(), fc.jsonValue()),
}) as fc.Arbitrary<PostInput>;

describe('prepared posts', () => {
  it('come back from packing and a trip to another thread as they were', () => {
    fc.assert(fc.property(fc.array(post, { maxLength: 20 }), (inputs) => {
      const prepared = inputs.map((p) => preparePost(normalizePost(p)));
      expect(unpackPrepared(structuredClone(packPrepared(prepared)))).toEqual(prepared);
    }), { seed: 51, numRuns: 300 });
  });

  it('hold the cells the writer stores', () => {
    const p = preparePost(normalizePost({
      platform: 'reddit', rid: 'r', body: 'links https://a.example/x and #Tag', published_at: '2025-05-01T00:00:00.000Z', repost_of: 'p',
      author: { rid: '0012', user_id: '1833000000000000001', additional_properties: { karma: 5 } }, additional_properties: { score: 1 },
    }));
    expect(p.author).toEqual(['0012', '1833000000000000001', null, null, null, null, null, null, null, null, '{"karma":5}']);
    expect(p.urls).toEqual(['https://a.example/x', 'a.example', 'a.example']);
    expect(p.fields).toEqual([null, null, 'links https://a.example/x and #Tag', '2025-05-01T00:00:00.000Z', null, null, null, null,
      '["https://a.example/x"]', '[]', '["a.example"]', null, 1, 0, 0, 'p', null, null, 0, '{"score":1}']);
    expect(p.hashtags).toEqual(['tag']);
  });
});
