/**
 * Shared core of the FTS5 and tsquery compilers: turning a query into database conditions that never lose a post
 * the matcher accepts.
 *
 * Each query node gets two conditions over rows of the index: `upper` selects every row the matcher may accept
 * (a superset) and `lower` only rows it certainly accepts (a subset). NOT swaps them: the rows NOT x accepts
 * include every row outside `lower(x)`, so `upper(NOT x) = NOT lower(x)`. When a term's condition is exact
 * (FTS5), upper = lower and NOT stays exact; when it is only a superset (tsquery), `lower` is "no row", and
 * `a AND NOT b` honestly degrades to `a`.
 */
import type { QueryNode } from './ast';
import { renderToken } from './searchText';
import { tokenTexts } from './tokenize';

/** A condition on index rows. `seq` holds rendered tokens that must appear consecutively. */
export type Condition =
  | { op: 'all' }
  | { op: 'none' }
  | { op: 'seq'; tokens: readonly string[] }
  | { op: 'and'; children: readonly Condition[] }
  | { op: 'or'; children: readonly Condition[] }
  | { op: 'not'; child: Condition };

export const ALL: Condition = { op: 'all' };
export const NONE: Condition = { op: 'none' };

/** What a compiler hands back: a condition, or the answer that needs no database filter. */
export type CandidateQuery =
  /** Run `expression`; rows it returns are candidates. `exact`: they are exactly the rows the matcher accepts. */
  | { kind: 'match'; expression: string; exact: boolean }
  /** No usable filter: every row is a candidate (e.g. `NOT spam` in FTS5). */
  | { kind: 'all'; exact: boolean }
  /** The query can match nothing (e.g. a term with no letters, digits or emoji such as `!!!`). */
  | { kind: 'none'; exact: true };

export type Bounds = { upper: Condition; lower: Condition };

/** Bounds of a query; `termsAreExact` says whether the target matches a token sequence exactly. */
export function boundsOf(node: QueryNode, termsAreExact: boolean): Bounds {
  switch (node.type) {
    case 'term':
    case 'phrase': {
      const tokens = tokenTexts(node.text).map(renderToken);
      if (tokens.length === 0) return { upper: NONE, lower: NONE }; // matches no post, exactly
      const condition: Condition = { op: 'seq', tokens };
      return { upper: condition, lower: termsAreExact ? condition : NONE };
    }
    case 'and': {
      const children = node.children.map((child) => boundsOf(child, termsAreExact));
      return { upper: allOf(children.map((b) => b.upper)), lower: allOf(children.map((b) => b.lower)) };
    }
    case 'or': {
      const children = node.children.map((child) => boundsOf(child, termsAreExact));
      return { upper: anyOf(children.map((b) => b.upper)), lower: anyOf(children.map((b) => b.lower)) };
    }
    case 'not': {
      const child = boundsOf(node.child, termsAreExact);
      return { upper: negate(child.lower), lower: negate(child.upper) };
    }
  }
}

/** AND with constants folded and nested ANDs flattened. */
export function allOf(conditions: readonly Condition[]): Condition {
  const children: Condition[] = [];
  for (const condition of conditions) {
    if (condition.op === 'none') return NONE;
    if (condition.op === 'and') children.push(...condition.children);
    else if (condition.op !== 'all') children.push(condition);
  }
  return children.length === 0 ? ALL : children.length === 1 ? (children[0] ?? ALL) : { op: 'and', children };
}

/** OR with constants folded and nested ORs flattened. */
export function anyOf(conditions: readonly Condition[]): Condition {
  const children: Condition[] = [];
  for (const condition of conditions) {
    if (condition.op === 'all') return ALL;
    if (condition.op === 'or') children.push(...condition.children);
    else if (condition.op !== 'none') children.push(condition);
  }
  return children.length === 0 ? NONE : children.length === 1 ? (children[0] ?? NONE) : { op: 'or', children };
}

export function negate(condition: Condition): Condition {
  if (condition.op === 'all') return NONE;
  if (condition.op === 'none') return ALL;
  if (condition.op === 'not') return condition.child;
  return { op: 'not', child: condition };
}

export function sameCondition(a: Condition, b: Condition): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
