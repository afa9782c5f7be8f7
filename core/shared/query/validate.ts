/**
 * `validateQuery`: every rule of spec part 1 section 5, for the browser (before submit) and the server alike.
 * Never throws, whatever the input; returns every problem found, ordered by position, so the form can highlight
 * them all. An empty result means `parseQuery` succeeds. The size limits (QUERY_LIMITS) are part of validation, so
 * every query that passes is one the parser and compilers handle without running out of stack.
 */
import { QUERY_LIMITS, queryErrors, type QueryError } from './errors';
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
  // Nothing else is looked at: a megabyte of `(` would otherwise be a million errors.
  if (input.length > QUERY_LIMITS.maxLength) return { tokens: [], errors: [queryErrors.tooLong(input)] };
  const { tokens, errors } = lexQuery(input);
  const all = [...errors, ...checkStructure(input, tokens), ...checkLimits(input, tokens)]
    .sort((a, b) => a.position - b.position || a.code - b.code);
  return { tokens, errors: all };
}

/**
 * The nesting and term limits, each reported once: at the first `(` that opens one level too many, and at the
 * first term or phrase over the count. An unmatched `)` does not lower the depth below 0.
 */
function checkLimits(input: string, tokens: readonly QueryToken[]): QueryError[] {
  const errors: QueryError[] = [];
  let depth = 0;
  let terms = 0;
  let tooDeep = false;
  let tooMany = false;
  for (const token of tokens) {
    if (token.type === 'open') {
      depth += 1;
      if (depth > QUERY_LIMITS.maxDepth && !tooDeep) {
        tooDeep = true;
        errors.push(queryErrors.nestedTooDeep(input, token.position));
      }
    } else if (token.type === 'close') {
      depth = Math.max(0, depth - 1);
    } else if (token.type === 'term' || token.type === 'phrase') {
      terms += 1;
      if (terms > QUERY_LIMITS.maxTerms && !tooMany) {
        tooMany = true;
        errors.push(queryErrors.tooManyTerms(input, token.position));
      }
    }
  }
  return errors;
}
