/**
 * `toTsquery`: a query → text for PostgreSQL `to_tsquery('simple', …)`, for candidate retrieval.
 *
 * Assumed index (built from `toSearchText(body)`, never the raw body, see searchText.ts):
 *
 *   search_vector tsvector  -- = to_tsvector('simple', <toSearchText(body)>), GIN-indexed
 *   SELECT id FROM posts WHERE search_vector @@ to_tsquery('simple', $1);
 *
 * Each term becomes a `<->` phrase of its rendered tokens, quoted so to_tsquery runs them through the same
 * parser as the post text (a rendered token like `_23_climate` is two lexemes, `23` and `climate`, on both sides).
 * That is always a superset of the matcher but never provably exact (`foo_bar` and the words `foo 5f bar` give the
 * same lexemes), so a NOT only keeps its exact constants: `a NOT b` compiles to `a`, and `NOT spam` to "all".
 */
import type { QueryNode } from './ast';
import { boundsOf, sameCondition, type CandidateQuery, type Condition } from './candidates';

export function toTsquery(ast: QueryNode): CandidateQuery {
  const { upper, lower } = boundsOf(ast, false);
  const exact = sameCondition(upper, lower);
  if (upper.op === 'none') return { kind: 'none', exact: true };
  if (upper.op === 'all') return { kind: 'all', exact };
  return { kind: 'match', expression: render(upper), exact };
}

/** Fully parenthesised, so PostgreSQL's operator precedence never matters. Constants are folded away before. */
function render(condition: Condition): string {
  switch (condition.op) {
    case 'seq':
      // Rendered tokens hold only letters, digits and `_`: nothing to escape inside the quotes.
      return condition.tokens.length === 1
        ? `'${condition.tokens[0] ?? ''}'`
        : `(${condition.tokens.map((token) => `'${token}'`).join(' <-> ')})`;
    case 'and':
      return `(${condition.children.map(render).join(' & ')})`;
    case 'or':
      return `(${condition.children.map(render).join(' | ')})`;
    case 'not':
      return `!${render(condition.child)}`;
    case 'all':
    case 'none':
      throw new Error('toTsquery: constant left inside a condition'); // allOf/anyOf/negate fold them
  }
}
