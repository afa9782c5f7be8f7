import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeHashtag, normalizeProfileUrl, normalizeUrl, screenNameSkeleton } from './normalize';

describe('normalizeUrl (co-share key)', () => {
  it.each([
    ['https://www.Example.com/Path/?utm_source=tw&id=3#frag', 'example.com/Path?id=3'],
    ['http://example.com/Path?fbclid=abc', 'example.com/Path'],
    ['example.com/Path/', 'example.com/Path'],
    ['HTTPS://EXAMPLE.COM:443/a', 'example.com/a'],
    ['https://user@example.com/a', 'example.com/a'],
  ])('%s -> %s', (raw, want) => expect(normalizeUrl(raw)).toBe(want));

  it('keeps the path case and meaningful parameters', () => {
    expect(normalizeUrl('https://x.com/A?b=1&c=2')).not.toBe(normalizeUrl('https://x.com/a?b=1&c=2'));
    expect(normalizeUrl('https://x.com/a?b=1')).not.toBe(normalizeUrl('https://x.com/a?b=2'));
  });

  it('returns null for blanks', () => {
    expect(normalizeUrl('   ')).toBeNull();
    expect(normalizeUrl('https://')).toBeNull();
  });

  it('drops only a leading scheme, so a path containing "://" keeps its key when normalised again', () => {
    expect(normalizeUrl('http://a.aa/://a')).toBe('a.aa/://a');
    expect(normalizeUrl('a.aa/://a')).toBe('a.aa/://a');
  });

  it('property: idempotent', () => {
    fc.assert(fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (u) => {
      const once = normalizeUrl(u);
      if (once !== null) expect(normalizeUrl(once)).toBe(once);
    }), { numRuns: 2000 });
  });
});

describe('normalizeProfileUrl', () => {
  it('folds scheme, www, trailing slashes, query strings and index pages', () => {
    const variants = ['https://freedom-x.org/about', 'http://www.freedom-x.org/about/', 'https://freedom-x.org/about?ref=bio',
      'https://FREEDOM-X.org/about/index.html', 'freedom-x.org/about/?utm_source=profile'];
    expect(new Set(variants.map(normalizeProfileUrl))).toEqual(new Set(['freedom-x.org/about']));
  });

  it('a link hub or platform home page is no evidence, a path on it is', () => {
    expect(normalizeProfileUrl('https://linktr.ee')).toBeNull();
    expect(normalizeProfileUrl('https://www.youtube.com/')).toBeNull();
    expect(normalizeProfileUrl('https://linktr.ee/freedomnow')).toBe('linktr.ee/freedomnow');
    expect(normalizeProfileUrl(null)).toBeNull();
    expect(normalizeProfileUrl('')).toBeNull();
  });
});

describe('screenNameSkeleton', () => {
  it('template variants share a skeleton', () => {
    const names = ['Patriot_Eagle_4821', 'patriot.eagle77', 'PatriotEagle1990', 'PATRIOT-EAGLE-2', 'patri0teagle_5', 'Pätriot_Eagle_12'];
    expect(new Set(names.map((n) => screenNameSkeleton(n)))).toEqual(new Set(['patrioteagle#']));
  });

  it('reads digits between letters as the letters they imitate', () => {
    expect(screenNameSkeleton('p4tr10t_n3ws')).toBe('patriotnews');
    expect(screenNameSkeleton('news24today')).toBe('news#today');
  });

  it('reads a digit that ends a word before a separator as its letter, and folds the number after it', () => {
    expect(new Set(['tatiher4_524', 't4tih3r4_7203', 'tatihera_880', 'tat1hera_2383'].map((n) => screenNameSkeleton(n)))).toEqual(new Set(['tatihera#']));
    expect(screenNameSkeleton('eagles12_2020')).toBe('eagles#');
    expect(screenNameSkeleton('abc_1_defg')).toBe('abcidefg');
  });

  it('short skeletons are shared by chance and give null', () => {
    expect(screenNameSkeleton('john123')).toBeNull();
    expect(screenNameSkeleton('john123', 4)).toBe('john#');
    expect(screenNameSkeleton('')).toBeNull();
    expect(screenNameSkeleton(undefined)).toBeNull();
    expect(screenNameSkeleton('🔥🔥🔥')).toBeNull();
  });

  it('property: invariant under case, separators and the digits appended', () => {
    const base = fc.stringMatching(/^[a-z]{6,12}$/);
    fc.assert(fc.property(base, fc.nat(99999), fc.constantFrom('', '_', '.', '-'), (b, d, sep) => {
      const mid = Math.floor(b.length / 2);
      const variant = `${b.slice(0, mid).toUpperCase()}${sep}${b.slice(mid)}${sep}${d}`;
      expect(screenNameSkeleton(variant)).toBe(`${b}#`);
    }));
  });
});

describe('normalizeHashtag', () => {
  it('drops #, folds case and full-width forms', () => {
    expect(normalizeHashtag('#StopTheSteal')).toBe('stopthesteal');
    expect(normalizeHashtag('＃Vote')).toBe('vote');
    expect(normalizeHashtag('#')).toBeNull();
  });
});
