import { describe, expect, it } from 'vitest';
import { declaredTypeAcceptable, sniffImageType } from './sniff';

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffImageType: the bytes decide, never the declared type', () => {
  it.each([
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n', 'rest'), 'image/png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('recognises %s', (_name, input, type) => {
    expect(sniffImageType(input)).toBe(type);
  });

  it.each([
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['SVG with an XML prolog', bytes('<?xml version="1.0"?><svg/>')],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a truncated PNG signature', bytes([0x89], 'PNG')],
    ['nothing', bytes()],
  ])('refuses %s', (_name, input) => {
    expect(sniffImageType(input)).toBeNull();
  });
});

describe('declaredTypeAcceptable', () => {
  it('takes raster image types, a generic binary type and no type', () => {
    for (const t of ['image/png', 'IMAGE/JPEG; charset=binary', 'application/octet-stream', null, '']) expect(declaredTypeAcceptable(t)).toBe(true);
  });
  it('refuses SVG and non-image types before the body is read', () => {
    for (const t of ['image/svg+xml', 'image/svg', 'text/html', 'text/xml', 'application/json']) expect(declaredTypeAcceptable(t)).toBe(false);
  });
});
