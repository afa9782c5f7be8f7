import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { addressHasNul, invalidTextIn, TEXT_MESSAGES } from './textSanitiser';

describe('text sanitiser at the edge', () => {
  it('names the first string or key with a NUL or an unpaired surrogate by its path', () => {
    expect(invalidTextIn({ name: 'ok', tags: ['a', 'b\u0000c'] }, 'body')).toBe(`body.tags.1: ${TEXT_MESSAGES.nul}`);
    expect(invalidTextIn({ ['k\u0000']: 1 }, 'body')).toBe(`body: ${TEXT_MESSAGES.nul}`);
    expect(invalidTextIn({ note: 'half \uD83D pair' }, 'body')).toBe(`body.note: ${TEXT_MESSAGES.surrogate}`);
    expect(invalidTextIn({ id: 'x\uDE00' }, 'params')).toBe(`params.id: ${TEXT_MESSAGES.surrogate}`);
  });

  it('accepts ordinary text, emoji (paired surrogates), numbers, null and empty bodies', () => {
    expect(invalidTextIn({ name: 'Zürich 😀 — ok', n: 1, f: null, list: [true, { deep: 'x' }] }, 'body')).toBeNull();
    expect(invalidTextIn(undefined, 'body')).toBeNull();
  });

  it('does not walk an upload stream, and survives a body nested far deeper than the call stack', () => {
    expect(invalidTextIn(Readable.from(['a\u0000b']), 'body')).toBeNull();
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(invalidTextIn(deep, 'body')).toMatch(/^body(\.0)+: must not contain the NUL character/);
  });

  it('finds an encoded or literal NUL in the request address', () => {
    expect(addressHasNul('/api/v2/projects?name=a%00b')).toBe(true);
    expect(addressHasNul('/api/v2/conversations/%00/raw_data')).toBe(true);
    expect(addressHasNul('/api/v2/projects?name=a%2500b')).toBe(false);
  });
});
