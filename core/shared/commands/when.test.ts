import { describe, expect, it } from 'vitest';
import { evaluateWhen, parseWhen, WhenSyntaxError, type ContextKeyValue } from './when';

const keys: Record<string, ContextKeyValue> = {
  focusedPanelType: 'coordination.networkNavigator',
  selectionKind: 'account',
  conversationId: 'c1',
  projectName: null,
  paneCount: 2,
  empty: '',
  zero: 0,
  flag: true,
  quoted: "it's",
};
const when = (source: string, values = keys) => evaluateWhen(parseWhen(source), (key) => values[key]);

describe('when expressions', () => {
  it('read a bare key as its truthiness; a missing key is false', () => {
    expect(when('conversationId')).toBe(true);
    expect(when('projectName')).toBe(false);
    expect(when('empty')).toBe(false);
    expect(when('zero')).toBe(false);
    expect(when('flag')).toBe(true);
    expect(when('nobodySetThis')).toBe(false);
  });

  it('read bare true and false as constants', () => {
    expect(when('true')).toBe(true);
    expect(when('false')).toBe(false);
    expect(when('false || conversationId')).toBe(true);
    expect(when("selectionKind == 'true'")).toBe(false);
  });

  it('compare with == and != against quoted or bare values, numbers as text', () => {
    expect(when("focusedPanelType == 'coordination.networkNavigator'")).toBe(true);
    expect(when('focusedPanelType == "coordination.networkNavigator"')).toBe(true);
    expect(when('selectionKind == account')).toBe(true);
    expect(when("selectionKind != 'account'")).toBe(false);
    expect(when("selectionKind != 'post'")).toBe(true);
    expect(when('paneCount == 2')).toBe(true);
    expect(when("paneCount == '2'")).toBe(true);
    expect(when('flag == true')).toBe(true);
    expect(when("quoted == 'it\\'s'")).toBe(true);
  });

  it('never equal a missing or null key to anything, so != is true for it', () => {
    expect(when("projectName == 'null'")).toBe(false);
    expect(when("missing == ''")).toBe(false);
    expect(when("missing != 'x'")).toBe(true);
  });

  it('combine with !, && and || (&& binds tighter), and parentheses', () => {
    expect(when("focusedPanelType == 'coordination.networkNavigator' && selectionKind == 'account'")).toBe(true);
    expect(when("focusedPanelType == 'posts.rawData' && selectionKind == 'account'")).toBe(false);
    expect(when('!projectName')).toBe(true);
    expect(when('!!conversationId')).toBe(true);
    expect(when('!conversationId || flag && zero')).toBe(false);
    expect(when('projectName || flag && conversationId')).toBe(true);
    expect(when('(projectName || flag) && !zero')).toBe(true);
    expect(when('!(projectName || zero)')).toBe(true);
    expect(when("!(selectionKind == 'account')")).toBe(false);
  });

  it('short-circuits: keys after a decided && or || are not read', () => {
    const read: string[] = [];
    evaluateWhen(parseWhen('zero && a || flag || b'), (key) => {
      read.push(key);
      return keys[key];
    });
    expect(read).toEqual(['zero', 'flag']);
  });

  it.each([
    ['', "Expected a context key but found end of expression at column 1 of when expression ''"],
    ['a &&', "Expected a context key but found end of expression at column 5 of when expression 'a &&'"],
    ['(a', "Expected ')' but found end of expression at column 3 of when expression '(a'"],
    ['a b', "Expected end of expression but found 'b' at column 3 of when expression 'a b'"],
    ['a == ', "Expected a value but found end of expression at column 6 of when expression 'a == '"],
    ["a == 'x", "Unterminated string at column 6 of when expression 'a == 'x'"],
    ['a = b', "Unexpected character '=' at column 3 of when expression 'a = b'"],
    ['a & b', "Unexpected character '&' at column 3 of when expression 'a & b'"],
    ['== a', "Expected a context key but found '==' at column 1 of when expression '== a'"],
    ["'a' == b", "Expected a context key but found 'a' at column 1 of when expression ''a' == b'"],
  ])('refuses %j with a message naming the column', (source, message) => {
    expect(() => parseWhen(source)).toThrow(WhenSyntaxError);
    expect(() => parseWhen(source)).toThrow(message);
  });
});
