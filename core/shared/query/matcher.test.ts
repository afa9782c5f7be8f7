import { describe, expect, it } from 'vitest';
import { compileMatcher } from './matcher';
import { parseQuery } from './parser';

function matches(query: string, text: string): boolean {
  const result = parseQuery(query);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return compileMatcher(result.ast)(text);
}

describe('compileMatcher', () => {
  it.each([
    ['vote', 'Go VOTE today', true],
    ['vote', 'every voter counts', false],
    ['voter', 'Vote!', false],
    ['CAFÉ', 'un café', true],
    ['café', 'un CAFÉ', true],
    ['café', 'un cafe', false],
    ['café', 'un cafe\u0301 (NFD)', true],
    ['niño', 'El NIÑO llega', true],
    ['οδος', 'ΟΔΟΣ', true],
  ])('terms match whole tokens, case-insensitively, accents kept: %s in %j → %s', (query, text, expected) => {
    expect(matches(query, text)).toBe(expected);
  });

  it.each([
    ['"net zero"', 'the NET-ZERO goal', true],
    ['"net zero"', 'net goal zero', false],
    ['"net zero"', 'zero net', false],
    ["don't", 'I don’t know', true],
    ['vote.org', 'visit vote.org now', true],
    ['"AND or NOT"', 'this and or not that', true],
  ])('phrases (and multi-token terms) match consecutive tokens: %s in %j → %s', (query, text, expected) => {
    expect(matches(query, text)).toBe(expected);
  });

  it.each([
    ['中文', '我们说中文测试', true],
    ['中文测试', '中文 测试', true],
    ['文中', '中文', false],
    ['气候变化', '关于气候变化的讨论', true],
    ['ナ', 'カタカナ', true],
  ])('Chinese and other unspaced scripts match as substrings: %s in %j → %s', (query, text, expected) => {
    expect(matches(query, text)).toBe(expected);
  });

  it.each([
    ['#climate', 'Rally for #Climate today', true],
    ['#climate', 'climate rally', false],
    ['climate', '#climate rally', false],
    ['#climate', '#climate_change', false],
    ['@bob', 'thanks @Bob!', true],
    ['@bob', 'bob said', false],
    ['https://vote.org/x', 'see https://VOTE.org/x.', true],
    ['https://vote.org/x', 'see https://vote.org/x/y', false],
    ['🎉', 'party🎉time', true],
    ['❤️', 'I ❤ it', true],
    ['👍', 'ok 👍🏽', false],
  ])('hashtags, mentions, URLs and emoji are tokens of their own: %s in %j → %s', (query, text, expected) => {
    expect(matches(query, text)).toBe(expected);
  });

  it.each([
    ['climate AND change', 'climate change', true],
    ['climate AND change', 'climate', false],
    ['climate change', 'change the climate', true],
    ['climate OR weather', 'weather report', true],
    ['NOT spam', 'ham', true],
    ['NOT spam', 'spam', false],
    ['climate NOT hoax', 'climate facts', true],
    ['climate NOT hoax', 'climate hoax', false],
    ['a OR b AND c', 'a', true],
    ['(a OR b) AND c', 'a', false],
    ['NOT (NOT a)', 'a', true],
  ])('boolean structure: %s on %j → %s', (query, text, expected) => {
    expect(matches(query, text)).toBe(expected);
  });

  it('a term or phrase without any token matches nothing', () => {
    expect(matches('!!!', '!!!')).toBe(false);
    expect(matches('""', 'anything')).toBe(false);
    expect(matches('NOT !!!', 'anything')).toBe(true);
  });
});
