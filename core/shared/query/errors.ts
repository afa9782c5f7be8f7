/**
 * Error codes and messages of the boolean query language (spec part 1 section 5).
 *
 * The spec only says "parser error codes 0 to 7; query error codes 0 to 3". We number the parser codes in the
 * order the spec lists its rules, and the query codes group them by what the user has to fix.
 */

/** One problem found in a query. `position` is a 0-based UTF-16 offset into the input (a JS string index). */
export type QueryError = { code: number; position: number; message: string };

/** Parser error codes, one per validation rule of the spec, in the spec's order. Carried in `QueryError.code`. */
export const PARSER_ERROR_CODES = {
  EMPTY_QUERY: 0,
  UNBALANCED_QUOTES: 1,
  SMART_QUOTE: 2,
  NON_UPPERCASE_KEYWORD: 3,
  KEYWORD_MISSING_OPERAND: 4,
  MULTIPLE_KEYWORDS: 5,
  UNBALANCED_PARENTHESES: 6,
  EMPTY_PARENTHESES: 7,
} as const;
export type ParserErrorCode = (typeof PARSER_ERROR_CODES)[keyof typeof PARSER_ERROR_CODES];

/** Query error codes: the four families a parser error belongs to. */
export const QUERY_ERROR_CODES = {
  EMPTY: 0,
  QUOTES: 1,
  KEYWORDS: 2,
  PARENTHESES: 3,
} as const;
export type QueryErrorCode = (typeof QUERY_ERROR_CODES)[keyof typeof QUERY_ERROR_CODES];

/** Which query error code (family) each parser error code belongs to. */
export const QUERY_ERROR_CODE_OF_PARSER_CODE: Readonly<Record<ParserErrorCode, QueryErrorCode>> = {
  0: QUERY_ERROR_CODES.EMPTY,
  1: QUERY_ERROR_CODES.QUOTES,
  2: QUERY_ERROR_CODES.QUOTES,
  3: QUERY_ERROR_CODES.KEYWORDS,
  4: QUERY_ERROR_CODES.KEYWORDS,
  5: QUERY_ERROR_CODES.KEYWORDS,
  6: QUERY_ERROR_CODES.PARENTHESES,
  7: QUERY_ERROR_CODES.PARENTHESES,
};

/** The query error code (0-3) of an error returned by `validateQuery`. */
export function queryErrorCode(error: QueryError): QueryErrorCode {
  return QUERY_ERROR_CODE_OF_PARSER_CODE[error.code as ParserErrorCode];
}

/**
 * Size limits of the query language, checked by `validateQuery` (so the browser form, the preview and the create
 * call refuse the same queries) and relied on by the parser and the compilers, which recurse once per nesting
 * level. Far above what analysts write: the demo conversations use no parentheses and at most 17 terms, the 2 KB
 * query of the conversations benchmark 2 levels and 144 terms. See README.md, "Limits".
 */
export const QUERY_LIMITS = {
  /** Characters (UTF-16 code units, like positions). */
  maxLength: 10_000,
  /** Parentheses open at the same time. */
  maxDepth: 32,
  /** Terms and phrases (keywords and parentheses not counted). */
  maxTerms: 500,
} as const;

/** Characters of context shown before and after the position in a message fragment. */
export const FRAGMENT_CONTEXT_BEFORE = 10;
export const FRAGMENT_CONTEXT_AFTER = 20;

/**
 * The "fragment" the spec appends to some messages: `: "<excerpt>"`, where the excerpt is the input from up to
 * 10 characters before the position to up to 20 characters after it, with `…` marking a cut and line breaks or
 * tabs shown as spaces (so the message stays on one line). Cuts never split a surrogate pair.
 */
export function messageFragment(input: string, position: number): string {
  let start = Math.max(0, position - FRAGMENT_CONTEXT_BEFORE);
  let end = Math.min(input.length, position + FRAGMENT_CONTEXT_AFTER);
  if (start > 0 && isLowSurrogate(input.charCodeAt(start))) start -= 1;
  if (end < input.length && isLowSurrogate(input.charCodeAt(end))) end += 1;
  const excerpt = input.slice(start, end).replace(/[\r\n\t\f\v\u2028\u2029]/g, ' ');
  return `: "${start > 0 ? '…' : ''}${excerpt}${end < input.length ? '…' : ''}"`;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** Builders of every message, worded exactly as the spec gives them (plus the fragment where it asks for one). */
export const queryErrors = {
  empty: (): QueryError => ({
    code: PARSER_ERROR_CODES.EMPTY_QUERY,
    position: 0,
    message: 'no query string provided',
  }),
  unbalancedQuotes: (input: string, position: number): QueryError => ({
    code: PARSER_ERROR_CODES.UNBALANCED_QUOTES,
    position,
    message: `unbalanced quotes starting at position ${position}${messageFragment(input, position)}`,
  }),
  smartQuote: (position: number): QueryError => ({
    code: PARSER_ERROR_CODES.SMART_QUOTE,
    position,
    message: `smart-quote found at position ${position}`,
  }),
  nonUppercaseKeyword: (input: string, position: number): QueryError => ({
    code: PARSER_ERROR_CODES.NON_UPPERCASE_KEYWORD,
    position,
    message: `non-uppercase keyword found at position ${position}${messageFragment(input, position)}`,
  }),
  missingRightHandSide: (input: string, position: number): QueryError => ({
    code: PARSER_ERROR_CODES.KEYWORD_MISSING_OPERAND,
    position,
    message: `keyword at position ${position} is missing its right-hand side${messageFragment(input, position)}`,
  }),
  /**
   * Not in the spec, which has no rule for `AND x` / `(OR x)`. Rather than word it as a right-hand-side problem
   * we mirror the spec's message for the left side and keep the same code (a keyword missing an operand).
   */
  missingLeftHandSide: (input: string, position: number): QueryError => ({
    code: PARSER_ERROR_CODES.KEYWORD_MISSING_OPERAND,
    position,
    message: `keyword at position ${position} is missing its left-hand side${messageFragment(input, position)}`,
  }),
  multipleKeywords: (input: string, position: number): QueryError => ({
    code: PARSER_ERROR_CODES.MULTIPLE_KEYWORDS,
    position,
    message: `multiple keywords found starting at position ${position}${messageFragment(input, position)}`,
  }),
  unbalancedParentheses: (input: string, position: number): QueryError => ({
    code: PARSER_ERROR_CODES.UNBALANCED_PARENTHESES,
    position,
    message: `unbalanced parentheses starting at position ${position}${messageFragment(input, position)}`,
  }),
  emptyParentheses: (position: number): QueryError => ({
    code: PARSER_ERROR_CODES.EMPTY_PARENTHESES,
    position,
    message: `empty parentheses found at position ${position}`,
  }),
  /*
   * The size limits (QUERY_LIMITS) are not in the spec. Worded like its messages, and numbered inside its 0-7 /
   * 0-3 ranges so a client written against the spec still knows the family: too long and too many terms share
   * code 0 with the empty query (the query string as a whole is the problem: nothing, or too much), too deep
   * shares code 6 with unbalanced parentheses (the parentheses are the problem).
   */
  tooLong: (input: string): QueryError => ({
    code: PARSER_ERROR_CODES.EMPTY_QUERY,
    position: QUERY_LIMITS.maxLength,
    message: `query string longer than ${QUERY_LIMITS.maxLength} characters at position ${QUERY_LIMITS.maxLength}${messageFragment(input, QUERY_LIMITS.maxLength)}`,
  }),
  tooManyTerms: (input: string, position: number): QueryError => ({
    code: PARSER_ERROR_CODES.EMPTY_QUERY,
    position,
    message: `more than ${QUERY_LIMITS.maxTerms} terms found starting at position ${position}${messageFragment(input, position)}`,
  }),
  nestedTooDeep: (input: string, position: number): QueryError => ({
    code: PARSER_ERROR_CODES.UNBALANCED_PARENTHESES,
    position,
    message: `parentheses nested deeper than ${QUERY_LIMITS.maxDepth} levels starting at position ${position}${messageFragment(input, position)}`,
  }),
};
