/**
 * The boolean query language: validation (browser and server), parsing, exact matching (pipeline) and
 * compilation to SQLite FTS5 / PostgreSQL tsquery for candidate retrieval. Pure TypeScript, no Node or DOM API.
 * See README.md in this folder.
 */
export {
  PARSER_ERROR_CODES,
  QUERY_ERROR_CODES,
  QUERY_LIMITS,
  QUERY_ERROR_CODE_OF_PARSER_CODE,
  queryErrorCode,
  messageFragment,
  type ParserErrorCode,
  type QueryError,
  type QueryErrorCode,
} from './errors';
export { SMART_QUOTES, isSmartQuote, normaliseSmartQuotes } from './smartQuotes';
export { validateQuery } from './validate';
export { parseQuery, type ParseResult } from './parser';
export { and, not, or, phrase, term, normaliseQuery, printQuery, type QueryNode } from './ast';
export { tokenize, tokenTexts, foldToken, type TextToken, type TokenKind } from './tokenize';
export { compileMatcher, type Matcher } from './matcher';
export { toSearchText, renderToken } from './searchText';
export { toFts5, FTS5_TOKENIZE } from './fts5';
export { toTsquery } from './tsquery';
export type { CandidateQuery } from './candidates';
