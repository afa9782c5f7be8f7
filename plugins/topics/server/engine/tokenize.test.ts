import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STOPWORDS_ANY } from './stopwords';
import { normalizeWord, phrases, tokenize, urlHost } from './tokenize';

describe('tokenize', () => {
  it('drops English stop words, numbers and one-letter words, lower-cases the rest', () => {
    expect(tokenize('The Senate is voting on 2025 budget, and I think it WILL pass', 'en'))
      .toEqual(['senate', 'voting', 'budget', 'think', 'pass']);
  });

  it('keeps hashtags as a feature plus the bare word, mentions as a feature only', () => {
    expect(tokenize('Join us @CityHall for #Brexit news', 'en')).toEqual(['join', '@cityhall', '#brexit', 'brexit', 'news']);
  });

  it('reduces URLs to their host and drops link shorteners', () => {
    expect(tokenize('read https://www.BBC.co.uk/news/123?x=1 and https://t.co/abc', 'en')).toEqual(['read', 'bbc.co.uk']);
    expect(urlHost('http://sub.example.org:8080/path')).toBe('sub.example.org');
    expect(urlHost('https://bit.ly/x')).toBeNull();
  });

  it('folds Spanish accents (ñ kept) and drops Spanish stop words', () => {
    expect(tokenize('La POLÍTICA económica de España y el año', 'es')).toEqual(['politica', 'economica', 'españa', 'año']);
    expect(normalizeWord('Niño')).toBe('niño');
  });

  it('segments Chinese with Intl.Segmenter and drops Chinese stop words', () => {
    const toks = tokenize('我们今天在北京讨论人工智能的发展', 'zh');
    expect(toks).toContain('北京');
    expect(toks).toContain('发展');
    expect(toks).not.toContain('的');
    expect(toks).not.toContain('我们');
    expect(toks.join('')).toContain('智能');
  });

  it('segments Han text even when the language is unknown', () => {
    expect(tokenize('Great 火锅 tonight', null)).toEqual(['great', '火锅', 'tonight']);
  });

  it('phrases break at punctuation and at features, and keep the surface form', () => {
    const runs = phrases('Prime Minister speaks. #Vote today, la política', 'es');
    expect(runs.map((r) => r.map((t) => t.token))).toEqual([['prime', 'minister', 'speaks'], ['#vote'], ['vote'], ['today'], ['politica']]);
    expect(runs[4]![0]!.surface).toBe('política');
  });

  it('never yields empty tokens, upper case or stop words (property)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), fc.constantFrom('en', 'es', 'zh', null), (text, lang) => {
      for (const tok of tokenize(text, lang)) {
        expect(tok.length).toBeGreaterThan(0);
        expect(tok).toBe(tok.toLowerCase());
        if (!/[#@.]/.test(tok) && lang === null) expect(STOPWORDS_ANY.has(tok)).toBe(false);
      }
    }), { numRuns: 300 });
  });
});
