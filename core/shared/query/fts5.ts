/**
 * `toFts5`: a query → SQLite FTS5 MATCH expression for candidate retrieval.
 *
 * Assumed table (the column holds `toSearchText(body)`, never the raw body):
 *
 *   CREATE VIRTUAL TABLE post_search USING fts5(search_text, tokenize = "unicode61 remove_diacritics 0 tokenchars '_'");
 *   SELECT rowid FROM post_search WHERE post_search MATCH ?;
 *
 * `remove_diacritics 0` keeps café ≠ cafe; `tokenchars '_'` keeps each rendered token (`_23_climate`) whole.
 * Every term becomes an FTS5 phrase of its rendered tokens, which is exactly the matcher's rule, so AND, OR and
 * `x NOT y` are exact too. FTS5 has no unary NOT, so a negation with no positive operand beside it in an AND
 * (`NOT spam`, `a OR NOT b`) cannot be written: that part widens to "every row" and `exact` turns false.
 *
 * FTS5 parses MATCH expressions with a fixed 100-entry parser stack: `"c" OR ("b" AND ("c" OR …))` fails with
 * "fts5: parser stack overflow" past 32 parentheses, other shapes sooner. The expression is therefore never
 * nested deeper than `FTS5_MAX_DEPTH` parentheses: a part that would be deeper widens to "every row" (the
 * candidate set stays a superset, `exact` turns false and the matcher decides).
 */
import type { QueryNode } from './ast';
import { boundsOf, type CandidateQuery, type Condition } from './candidates';

/** The `tokenize` option of the FTS5 table the expressions are written for. */
export const FTS5_TOKENIZE = "unicode61 remove_diacritics 0 tokenchars '_'";

/**
 * Deepest parenthesis nesting written. Each level costs FTS5 at most three parser stack entries in the shapes
 * written here (`(`, the left operand, the operator), so 30 levels stay under its 100 entries.
 */
export const FTS5_MAX_DEPTH = 30;

export function toFts5(ast: QueryNode): CandidateQuery {
  // Terms are exact in FTS5, so upper and lower bounds are the same condition.
  const rendered = render(boundsOf(ast, true).upper, FTS5_MAX_DEPTH);
  if (rendered.kind === 'none') return { kind: 'none', exact: true };
  if (rendered.kind === 'all') return { kind: 'all', exact: rendered.exact };
  return { kind: 'match', expression: rendered.expression, exact: rendered.exact };
}

/** A condition written in FTS5 syntax, widened to "all rows" where FTS5 cannot express it. */
type Rendered = { kind: 'all'; exact: boolean } | { kind: 'none' } | { kind: 'match'; expression: string; exact: boolean };

/** A part too deep to write: every row (a superset), not exact. */
const WIDENED: Rendered = { kind: 'all', exact: false };

/** `room`: how many more parentheses may be opened around the expression's parts. */
function render(condition: Condition, room: number): Rendered {
  switch (condition.op) {
    case 'all':
      return { kind: 'all', exact: true };
    case 'none':
      return { kind: 'none' };
    case 'seq':
      // Rendered tokens hold no `"` and no spaces; FTS5 splits the string at the spaces into a phrase.
      return { kind: 'match', expression: `"${condition.tokens.join(' ')}"`, exact: true };
    case 'not':
      return { kind: 'all', exact: false }; // a lone NOT: nothing to subtract it from
    case 'or':
      // Its children sit inside one pair of parentheses; an AND's inside at most two (see renderAnd).
      return room < 1 ? WIDENED : renderOr(condition.children.map((child) => render(child, room - 1)));
    case 'and':
      return room < 2 ? WIDENED : renderAnd(condition.children, room - 2);
  }
}

function renderOr(children: readonly Rendered[]): Rendered {
  const expressions: string[] = [];
  let exact = true;
  for (const child of children) {
    if (child.kind === 'all') return { kind: 'all', exact: false };
    if (child.kind === 'match') {
      expressions.push(child.expression);
      exact &&= child.exact;
    }
  }
  if (expressions.length === 0) return { kind: 'none' };
  return { kind: 'match', expression: group(expressions, 'OR'), exact };
}

/** `(p1 AND p2) NOT (n1 OR n2)`: negated children are subtracted from the positive ones when exact. */
function renderAnd(children: readonly Condition[], room: number): Rendered {
  const positives: string[] = [];
  const negatives: string[] = [];
  let exact = true;
  for (const child of children) {
    if (child.op === 'not') {
      const inner = render(child.child, room);
      // Subtracting a superset would drop true matches; subtract only an exact condition.
      if (inner.kind === 'match' && inner.exact) negatives.push(inner.expression);
      else exact = false;
    } else {
      const rendered = render(child, room);
      if (rendered.kind === 'none') return { kind: 'none' };
      if (rendered.kind === 'match') positives.push(rendered.expression);
      exact &&= rendered.exact;
    }
  }
  if (positives.length === 0) return { kind: 'all', exact: false };
  const positive = group(positives, 'AND');
  if (negatives.length === 0) return { kind: 'match', expression: positive, exact };
  // Parenthesised so the result can be nested without relying on FTS5's operator precedence.
  return { kind: 'match', expression: `(${positive} NOT ${group(negatives, 'OR')})`, exact };
}

function group(expressions: readonly string[], operator: 'AND' | 'OR'): string {
  return expressions.length === 1 ? (expressions[0] ?? '') : `(${expressions.join(` ${operator} `)})`;
}
