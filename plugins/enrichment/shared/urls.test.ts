import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { collectPostUrls, domainsOf, extractUrlsFromText, normaliseHost, normaliseUrl, registrableDomain } from './urls';

describe('normaliseUrl', () => {
  it.each([
    ['HTTPS://WWW.Example.COM:443/a/b/?utm_source=nl&id=3&fbclid=zz#section', 'https://example.com/a/b?id=3'],
    ['http://example.com:80', 'http://example.com/'],
    ['http://example.com:8080/x/', 'http://example.com:8080/x'],
    ['https://www.www.example.org/', 'https://example.org/'],
    ['https://user:secret@example.com/private', 'https://example.com/private'],
    ['https://example.com./x', 'https://example.com/x'],
    ['example.com/path?q=climate+change&utm_campaign=x', 'http://example.com/path?q=climate+change'],
    ['//cdn.example.net/a.js', 'http://cdn.example.net/a.js'],
    ['https://x.com/jack/status/20?s=20&t=AbC', 'https://x.com/jack/status/20'],
    ['https://twitter.com/jack/status/20?ref_src=twsrc%5Etfw', 'https://twitter.com/jack/status/20'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=share&si=abc', 'https://youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://www.instagram.com/p/Cabc/?igshid=MzRlODBiNWFlZA==', 'https://instagram.com/p/Cabc'],
    ['https://news.example/a?gclid=1&page=2&GCLID=2&Utm_Medium=x', 'https://news.example/a?page=2'],
    ['https://example.com/#!/user/42', 'https://example.com/#!/user/42'],
    ['https://example.com/search?t=5', 'https://example.com/search?t=5'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseUrl(input)).toBe(expected);
  });

  it('keeps www when dropping it would leave a bare public suffix', () => {
    expect(normaliseUrl('http://www.co.uk/')).toBe('http://www.co.uk/');
    expect(normaliseHost('www.co.uk')).toBe('www.co.uk');
  });

  it('turns IDN hosts into punycode and percent-encodes Unicode paths', () => {
    expect(normaliseUrl('http://Bücher.example/ü?q=1')).toBe('http://xn--bcher-kva.example/%C3%BC?q=1');
    expect(normaliseUrl('https://例子.中国/路径')).toBe('https://xn--fsqu00a.xn--fiqs8s/%E8%B7%AF%E5%BE%84');
  });

  it('handles IP hosts, IPv6 included', () => {
    expect(normaliseUrl('http://192.168.0.1:8080/x')).toBe('http://192.168.0.1:8080/x');
    expect(normaliseUrl('http://[2001:DB8::1]:80/x')).toBe('http://[2001:db8::1]/x');
  });

  it('refuses what is not an http(s) URL', () => {
    for (const bad of ['', '   ', 'mailto:a@b.com', 'javascript:alert(1)', 'ftp://example.com/x', 'http://', 'http://exa mple.com', 'x'.repeat(5000)]) {
      expect(normaliseUrl(bad)).toBeNull();
    }
  });

  it('is idempotent and never throws (property)', () => {
    const urlish = fc.oneof(
      fc.webUrl({ withFragments: true, withQueryParameters: true }),
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.tuple(fc.constantFrom('http://', 'https://', 'HTTP://www.', '//', ''), fc.domain(), fc.webPath(), fc.webQueryParameters(), fc.webFragments())
        .map(([s, d, p, q, f]) => `${s}${d}${p}?${q}&utm_source=x#${f}`),
    );
    fc.assert(fc.property(urlish, (input) => {
      const once = normaliseUrl(input);
      if (once !== null) expect(normaliseUrl(once)).toBe(once);
    }), { numRuns: 3000 });
  });
});

describe('registrableDomain', () => {
  it.each([
    ['https://news.bbc.co.uk/a', 'bbc.co.uk'],
    ['www.example.com', 'example.com'],
    ['https://alice.github.io/x', 'alice.github.io'],
    ['http://192.168.0.1/', '192.168.0.1'],
    ['http://[::1]/', '::1'],
    ['xn--fsqu00a.xn--fiqs8s', 'xn--fsqu00a.xn--fiqs8s'],
    ['https://sub.例子.中国/', 'xn--fsqu00a.xn--fiqs8s'],
  ])('%s -> %s', (input, expected) => {
    expect(registrableDomain(input)).toBe(expected);
  });

  it('answers null for a bare public suffix', () => {
    expect(registrableDomain('co.uk')).toBeNull();
  });
});

describe('extractUrlsFromText', () => {
  it('strips trailing punctuation and closing brackets', () => {
    expect(extractUrlsFromText('Read this: https://example.com/a.')).toEqual(['https://example.com/a']);
    expect(extractUrlsFromText('(see https://example.com/x), then!')).toEqual(['https://example.com/x']);
    expect(extractUrlsFromText('"https://example.com/q?a=1"...')).toEqual(['https://example.com/q?a=1']);
  });

  it('reads markdown links and keeps balanced parentheses of the path', () => {
    expect(extractUrlsFromText('[the report](https://example.org/r_(2024)) says')).toEqual(['https://example.org/r_(2024)']);
    expect(extractUrlsFromText('[a](https://a.example.com) [b](http://b.example.com/x)')).toEqual(['https://a.example.com', 'http://b.example.com/x']);
  });

  it('finds scheme-less links on real public suffixes only', () => {
    expect(extractUrlsFromText('more at bbc.co.uk/news and bit.ly/3xYz')).toEqual(['http://bbc.co.uk/news', 'http://bit.ly/3xYz']);
    expect(extractUrlsFromText('Node.js vs Deno, e.g. in v1.2')).toEqual([]);
  });

  it('ignores e-mail addresses and other schemes', () => {
    expect(extractUrlsFromText('write to press@example.com or mailto:a@example.com, ftp://example.com/f')).toEqual([]);
  });

  it('works inside CJK and emoji text', () => {
    expect(extractUrlsFromText('看这里 https://例子.中国/路径。谢谢')).toEqual(['https://例子.中国/路径']);
    expect(extractUrlsFromText('🔥 https://example.com/🔥 wow')).toEqual(['https://example.com/🔥']);
  });

  it('finds nothing in text without links', () => {
    expect(extractUrlsFromText('no links here')).toEqual([]);
    expect(extractUrlsFromText('')).toEqual([]);
  });
});

describe('collectPostUrls and domainsOf', () => {
  it('merges platform fields and text, deduplicating by canonical form', () => {
    const urls = collectPostUrls({
      fields: [[{ url: 'https://t.co/abc', expanded_url: 'https://www.example.com/story?utm_source=twitter' }], 'https://example.com/story'],
      texts: ['Story: https://t.co/abc and https://other.example.org/x?fbclid=1', null],
    });
    expect(urls.map((u) => u.url)).toEqual(['https://example.com/story', 'https://t.co/abc', 'https://other.example.org/x']);
    expect(urls.map((u) => u.domain)).toEqual(['example.com', 't.co', 'example.org']);
    expect(urls[0]).toMatchObject({ original: 'https://www.example.com/story?utm_source=twitter', host: 'example.com', expanded: null });
  });

  it('uses the expanded URL for the domain when there is one', () => {
    const [u] = collectPostUrls({ texts: ['https://bit.ly/x'] });
    expect(domainsOf([{ ...u!, expanded: 'https://www.nytimes.com/2024/a.html' }])).toEqual(['nytimes.com']);
    expect(domainsOf([u!])).toEqual(['bit.ly']);
  });
});
