import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJsonDocument } from './json';
import { JSON_PROBLEMS } from './messages';

function problemAt(text: string): { offset: number; problem: string } {
  try {
    parseJsonDocument(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { offset: error.offset, problem: error.problem };
    throw error;
  }
  throw new Error(`parsed: ${text}`);
}

describe('parseJsonDocument', () => {
  it('reads what JSON.parse reads, whatever the layout', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 4 }), (value, indent) => {
      const text = JSON.stringify(value, null, indent);
      expect(parseJsonDocument(text).value).toStrictEqual(JSON.parse(text));
    }));
  });

  it('refuses exactly what JSON.parse refuses', () => {
    const broken = fc.tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '"', '{', '}', '[', ']', ':', '\\', '\n', 'x', '0', '-', '\u0001'))
      .map(([text, at, insert]) => text.slice(0, at % (text.length + 1)) + insert + text.slice(at % (text.length + 1) + (insert ? 0 : 1)));
    fc.assert(fc.property(broken, (text) => {
      let native = true;
      try {
        JSON.parse(text);
      } catch {
        native = false;
      }
      let ours = true;
      try {
        parseJsonDocument(text);
      } catch (error) {
        expect(error).toBeInstanceOf(JsonSyntaxError);
        ours = false;
      }
      expect(ours).toBe(native);
    }), { numRuns: 500 });
  });

  it('gives the offset of each element of a top-level array', () => {
    const text = '[\n  {"a": 1},\n  [2, 3] ,"x"\n]';
    expect(parseJsonDocument(text).elements).toEqual([
      { offset: 4, value: { a: 1 } }, { offset: 16, value: [2, 3] }, { offset: 24, value: 'x' },
    ]);
    expect(parseJsonDocument('{"a": [1]}').elements).toBeNull();
  });

  it('keeps a "__proto__" key as data, as JSON.parse does', () => {
    const value = parseJsonDocument('{"__proto__": {"polluted": true}}').value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
  });

  it('says what is wrong and where', () => {
    expect(problemAt('[{"a": 1,}]')).toEqual({ offset: 9, problem: JSON_PROBLEMS.name });
    expect(problemAt('{"a" 1}')).toEqual({ offset: 5, problem: JSON_PROBLEMS.colon });
    expect(problemAt('{"a": 1 "b": 2}')).toEqual({ offset: 8, problem: JSON_PROBLEMS.objectNext });
    expect(problemAt('[1 2]')).toEqual({ offset: 3, problem: JSON_PROBLEMS.arrayNext });
    expect(problemAt('[tru]')).toEqual({ offset: 1, problem: JSON_PROBLEMS.value });
    expect(problemAt('["abc')).toEqual({ offset: 1, problem: JSON_PROBLEMS.unclosedString });
    expect(problemAt('["a\nb"]')).toEqual({ offset: 3, problem: JSON_PROBLEMS.control });
    expect(problemAt('["a\\qb"]')).toEqual({ offset: 3, problem: JSON_PROBLEMS.escape });
    expect(problemAt('["\\u12G4"]')).toEqual({ offset: 2, problem: JSON_PROBLEMS.escape });
    expect(problemAt('[1, 2')).toEqual({ offset: 5, problem: JSON_PROBLEMS.end });
    expect(problemAt('')).toEqual({ offset: 0, problem: JSON_PROBLEMS.end });
    expect(problemAt('[1] [2]')).toEqual({ offset: 4, problem: JSON_PROBLEMS.trailing });
    expect(problemAt('['.repeat(65) + ']'.repeat(65))).toEqual({ offset: 64, problem: JSON_PROBLEMS.depth });
    expect(parseJsonDocument('['.repeat(64) + ']'.repeat(64)).value).toBeTruthy();
  });
});
