/**
 * Checks on the sequence of pieces: keywords and parentheses. Together with the lexer's checks, a query with no
 * error here is guaranteed to parse (the parser relies on it).
 *
 * Keyword rules:
 * - a run of keywords is allowed only as one keyword, or `AND NOT` / `OR NOT` (NOT being unary); any other run,
 *   `NOT NOT` included, is "multiple keywords" at the run's first keyword;
 * - the last keyword of a run needs a term, phrase or `(` after it, else "missing its right-hand side";
 * - `AND` and `OR` need a term, phrase or `)` before them, else "missing its left-hand side" (a case the spec does
 *   not cover; reported only when the right-hand side is present, so the spec's message wins when both apply).
 * Parenthesis rules: every unmatched `(` or `)` is "unbalanced" at its own position; `()` is "empty" at the `(`.
 */
import { queryErrors, type QueryError } from './errors';
import type { QueryToken } from './lexer';

export function checkStructure(input: string, tokens: readonly QueryToken[]): QueryError[] {
  return [...checkKeywords(input, tokens), ...checkParentheses(input, tokens)];
}

function checkKeywords(input: string, tokens: readonly QueryToken[]): QueryError[] {
  const errors: QueryError[] = [];
  let i = 0;
  while (i < tokens.length) {
    const first = tokens[i];
    if (first?.type !== 'keyword') {
      i += 1;
      continue;
    }
    let end = i;
    while (tokens[end + 1]?.type === 'keyword') end += 1;
    const run = tokens.slice(i, end + 1);
    const last = tokens[end];
    if (!isAllowedRun(run)) {
      errors.push(queryErrors.multipleKeywords(input, first.position));
    } else if (last !== undefined && !startsOperand(tokens[end + 1])) {
      errors.push(queryErrors.missingRightHandSide(input, last.position));
    } else if (first.keyword !== 'NOT' && !endsOperand(tokens[i - 1])) {
      errors.push(queryErrors.missingLeftHandSide(input, first.position));
    }
    i = end + 1;
  }
  return errors;
}

function isAllowedRun(run: readonly QueryToken[]): boolean {
  if (run.length === 1) return true;
  const [first, second] = run;
  return (
    run.length === 2 &&
    first?.type === 'keyword' &&
    first.keyword !== 'NOT' &&
    second?.type === 'keyword' &&
    second.keyword === 'NOT'
  );
}

function startsOperand(token: QueryToken | undefined): boolean {
  return token?.type === 'term' || token?.type === 'phrase' || token?.type === 'open';
}

function endsOperand(token: QueryToken | undefined): boolean {
  return token?.type === 'term' || token?.type === 'phrase' || token?.type === 'close';
}

function checkParentheses(input: string, tokens: readonly QueryToken[]): QueryError[] {
  const errors: QueryError[] = [];
  const open: number[] = [];
  tokens.forEach((token, index) => {
    if (token.type === 'open') {
      open.push(token.position);
    } else if (token.type === 'close') {
      const opening = open.pop();
      if (opening === undefined) {
        errors.push(queryErrors.unbalancedParentheses(input, token.position));
      } else if (tokens[index - 1]?.type === 'open') {
        errors.push(queryErrors.emptyParentheses(opening));
      }
    }
  });
  for (const position of open) errors.push(queryErrors.unbalancedParentheses(input, position));
  return errors;
}
