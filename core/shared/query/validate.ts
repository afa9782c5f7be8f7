/**
 * `validateQuery`: every rule of spec part 1 section 5, for the browser (before submit) and the server alike.
 * Never throws, whatever the input; returns every problem found, ordered by position, so the form can highlight
 * them all. An empty result means `parseQuery` succeeds.
 */
import { queryErrors, type QueryError } from './errors';
import { lexQuery, type QueryToken } from './lexer';
import { checkStructure } from './structure';

const BLANK = /^\s*$/u;

export function validateQuery(input: string): QueryError[] {
  return checkQuery(input).errors;
}

/** The validation and the pieces it was done on, so the parser does not lex the query a second time. */
export function checkQuery(input: string): { tokens: QueryToken[]; errors: QueryError[] } {
  // A form field can hand over null or undefined despite the type; treat it as "nothing typed".
  if (typeof input !== 'string' || BLANK.test(input)) return { tokens: [], errors: [queryErrors.empty()] };
  const { tokens, errors } = lexQuery(input);
  const all = [...errors, ...checkStructure(input, tokens)].sort((a, b) => a.position - b.position || a.code - b.code);
  return { tokens, errors: all };
}
