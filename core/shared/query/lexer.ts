/**
 * Splits a query string into the pieces the grammar works with, and reports the problems that can be seen at
 * this level: unbalanced quotes, smart quotes and keywords that are not uppercase.
 *
 * Lexical rules (see README.md):
 * - whitespace separates pieces; `(` and `)` are pieces of their own, even inside a bare word;
 * - `"…"` and `'…'` are phrases; inside one, the other quote is ordinary text and nothing else is special;
 * - an apostrophe between two letters or digits (`don't`, `l'eau`) is part of the word, not a quote, both in
 *   bare words and inside a single-quoted phrase;
 * - a bare word spelled exactly `AND`, `OR` or `NOT` is a keyword; any other spelling of them (`and`, `Or`) is
 *   the "non-uppercase keyword" error: write the keyword in capitals, or quote the word to search for it.
 */
import { queryErrors, type QueryError } from './errors';
import { isSmartQuote } from './smartQuotes';

export type Keyword = 'AND' | 'OR' | 'NOT';

export type QueryToken =
  | { type: 'term'; text: string; position: number }
  | { type: 'phrase'; text: string; position: number }
  | { type: 'keyword'; keyword: Keyword; position: number }
  | { type: 'open'; position: number }
  | { type: 'close'; position: number };

export type LexResult = { tokens: QueryToken[]; errors: QueryError[] };

const KEYWORDS: ReadonlySet<string> = new Set<Keyword>(['AND', 'OR', 'NOT']);
const WHITESPACE = /\s/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function lexQuery(input: string): LexResult {
  const tokens: QueryToken[] = [];
  const errors: QueryError[] = [];

  for (let i = 0; i < input.length; i += 1) {
    if (isSmartQuote(input[i] ?? '')) errors.push(queryErrors.smartQuote(i));
  }

  let i = 0;
  while (i < input.length) {
    const char = input[i] ?? '';
    if (WHITESPACE.test(char)) {
      i += 1;
    } else if (char === '(') {
      tokens.push({ type: 'open', position: i });
      i += 1;
    } else if (char === ')') {
      tokens.push({ type: 'close', position: i });
      i += 1;
    } else if (char === '"' || char === "'") {
      const end = findClosingQuote(input, i);
      if (end === -1) {
        // Keep the rest as a phrase so the keyword and parenthesis checks do not add follow-on errors.
        errors.push(queryErrors.unbalancedQuotes(input, i));
        tokens.push({ type: 'phrase', text: input.slice(i + 1), position: i });
        i = input.length;
      } else {
        tokens.push({ type: 'phrase', text: input.slice(i + 1, end), position: i });
        i = end + 1;
      }
    } else {
      const end = findWordEnd(input, i);
      const text = input.slice(i, end);
      if (KEYWORDS.has(text)) {
        tokens.push({ type: 'keyword', keyword: text as Keyword, position: i });
      } else {
        if (KEYWORDS.has(text.toUpperCase())) errors.push(queryErrors.nonUppercaseKeyword(input, i));
        tokens.push({ type: 'term', text, position: i });
      }
      i = end;
    }
  }
  return { tokens, errors };
}

/** Index of the quote closing the phrase opened at `open`, or -1. */
function findClosingQuote(input: string, open: number): number {
  const quote = input[open];
  for (let i = open + 1; i < input.length; i += 1) {
    if (input[i] === quote && !(quote === "'" && isApostrophe(input, i))) return i;
  }
  return -1;
}

/** Index just after the bare word starting at `start`. */
function findWordEnd(input: string, start: number): number {
  let i = start;
  while (i < input.length) {
    const char = input[i] ?? '';
    if (WHITESPACE.test(char) || char === '(' || char === ')' || char === '"') break;
    if (char === "'" && !isApostrophe(input, i)) break;
    i += 1;
  }
  return i;
}

/** A `'` with a letter or digit on both sides is an apostrophe inside a word. */
function isApostrophe(input: string, index: number): boolean {
  return isLetterOrDigit(codePointBefore(input, index)) && isLetterOrDigit(input.codePointAt(index + 1));
}

function codePointBefore(input: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const unit = input.charCodeAt(index - 1);
  if (unit >= 0xdc00 && unit <= 0xdfff && index >= 2) {
    const high = input.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return input.codePointAt(index - 2);
  }
  return unit;
}

function isLetterOrDigit(codePoint: number | undefined): boolean {
  return codePoint !== undefined && LETTER_OR_DIGIT.test(String.fromCodePoint(codePoint));
}
