import { describe, expect, it } from 'vitest';
import { foldToken, tokenize, tokenTexts } from './tokenize';

const kinds = (text: string) => tokenize(text).map((token) => [token.kind, token.text]);

describe('tokenize', () => {
  it('splits words at spaces and punctuation, folding case and keeping accents', () => {
    expect(tokenTexts('Vote, VOTER! café CAFÉ cafe niño')).toEqual(['vote', 'voter', 'café', 'café', 'cafe', 'niño']);
  });

  it('gives UTF-16 offsets into the original text', () => {
    expect(tokenize('🎉 Hi')).toEqual([
      { kind: 'emoji', text: '🎉', start: 0, end: 2 },
      { kind: 'word', text: 'hi', start: 3, end: 5 },
    ]);
  });

  it('normalises to NFC, so decomposed accents equal precomposed ones', () => {
    expect(tokenTexts('cafe\u0301')).toEqual(['café']);
    expect(tokenTexts('が')).toEqual(tokenTexts('か\u3099'));
  });

  it('folds Greek sigma in every position', () => {
    expect(tokenTexts('ΟΔΟΣ οδος οδοσ')).toEqual(['οδοσ', 'οδοσ', 'οδοσ']);
  });

  it('keeps hashtags and mentions as single tokens with their prefix', () => {
    expect(kinds('#COP28 and @Bob, #climate_change')).toEqual([
      ['hashtag', '#cop28'],
      ['word', 'and'],
      ['mention', '@bob'],
      ['hashtag', '#climate_change'],
    ]);
    expect(tokenTexts('bob@example.com')).toEqual(['bob', '@example', 'com']);
  });

  it('keeps URLs whole, without the sentence punctuation after them', () => {
    expect(kinds('See https://Vote.org/a?b=1&c=(2). Or www.vote.org, or (http://x.io/y)')).toEqual([
      ['word', 'see'],
      ['url', 'https://vote.org/a?b=1&c=(2)'],
      ['word', 'or'],
      ['url', 'www.vote.org'],
      ['word', 'or'],
      ['url', 'http://x.io/y'],
    ]);
    expect(tokenTexts('看https://x.com/a下一句')).toEqual(['看', 'https://x.com/a', '下', '一', '句']);
  });

  it('makes each character of unspaced scripts (Chinese, Japanese, Thai…) a token', () => {
    expect(kinds('中文测试abc')).toEqual([
      ['char', '中'],
      ['char', '文'],
      ['char', '测'],
      ['char', '试'],
      ['word', 'abc'],
    ]);
    expect(tokenTexts('カタカナー')).toEqual(['カ', 'タ', 'カ', 'ナ', 'ー']);
    expect(tokenTexts('ที่นี่')).toEqual(['ที่', 'นี่']);
    expect(tokenTexts('한국어 단어')).toEqual(['한국어', '단어']); // Korean uses spaces
  });

  it('makes each emoji one token, with its modifiers, ZWJ sequence or flag, ignoring variation selectors', () => {
    expect(kinds('ok👍🏽❤️❤ 👨‍👩‍👧 🇫🇷 1️⃣')).toEqual([
      ['word', 'ok'],
      ['emoji', '👍🏽'],
      ['emoji', '❤'],
      ['emoji', '❤'],
      ['emoji', '👨‍👩‍👧'],
      ['emoji', '🇫🇷'],
      ['emoji', '1⃣'],
    ]);
  });

  it('splits words at apostrophes and treats other symbols as separators', () => {
    expect(tokenTexts("don't don’t — ... $5 x² foo_bar")).toEqual(['don', 't', 'don', 't', '5', 'x²', 'foo_bar']);
    expect(tokenTexts('!!! ---')).toEqual([]);
  });

  it('folds a single token the same way', () => {
    expect(foldToken('CAFÉ')).toBe('café');
    expect(foldToken('❤️')).toBe('❤');
  });
});
