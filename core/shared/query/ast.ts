/**
 * The parsed form of a query, and its canonical printed form.
 *
 * `and` and `or` are n-ary and never contain a child of their own type (the parser flattens `a AND (b AND c)`
 * into one `and`), so two queries that differ only in grouping of the same operator get the same tree.
 */
export type QueryNode =
  /** A bare word as typed (`Café`, `#climate`, `https://x.org/a`); may hold several text tokens (`vote.org`). */
  | { type: 'term'; text: string }
  /** The text between quotes, quotes excluded; matches its tokens consecutively. */
  | { type: 'phrase'; text: string }
  | { type: 'and'; children: QueryNode[] }
  | { type: 'or'; children: QueryNode[] }
  | { type: 'not'; child: QueryNode };

export const term = (text: string): QueryNode => ({ type: 'term', text });
export const phrase = (text: string): QueryNode => ({ type: 'phrase', text });
export const not = (child: QueryNode): QueryNode => ({ type: 'not', child });
export const and = (...children: QueryNode[]): QueryNode => combine('and', children);
export const or = (...children: QueryNode[]): QueryNode => combine('or', children);

/** Builds an `and`/`or`, lifting children of the same type into it; a single child is returned as is. */
function combine(type: 'and' | 'or', children: QueryNode[]): QueryNode {
  const flat = children.flatMap((child) => (child.type === type ? child.children : [child]));
  if (flat.length === 1 && flat[0] !== undefined) return flat[0];
  return { type, children: flat };
}

/** The same tree with nested `and`/`or` of the same type flattened: the shape `parseQuery` returns. */
export function normaliseQuery(node: QueryNode): QueryNode {
  switch (node.type) {
    case 'term':
    case 'phrase':
      return node;
    case 'not':
      return not(normaliseQuery(node.child));
    case 'and':
      return and(...node.children.map(normaliseQuery));
    case 'or':
      return or(...node.children.map(normaliseQuery));
  }
}

/**
 * Prints a query in canonical form: explicit `AND`, parentheses only where precedence needs them, phrases in
 * double quotes (single quotes when the text holds a double quote). `parseQuery(printQuery(x))` gives back
 * `normaliseQuery(x)` for any tree whose terms are valid bare words and whose phrases are printable.
 */
export function printQuery(node: QueryNode): string {
  switch (node.type) {
    case 'term':
      return node.text;
    case 'phrase':
      return node.text.includes('"') ? `'${node.text}'` : `"${node.text}"`;
    case 'not':
      return `NOT ${isOperand(node.child) ? printQuery(node.child) : `(${printQuery(node.child)})`}`;
    case 'and':
      return node.children.map((child) => (child.type === 'or' || child.type === 'and' ? `(${printQuery(child)})` : printQuery(child))).join(' AND ');
    case 'or':
      return node.children.map((child) => (child.type === 'or' ? `(${printQuery(child)})` : printQuery(child))).join(' OR ');
  }
}

function isOperand(node: QueryNode): boolean {
  return node.type === 'term' || node.type === 'phrase';
}
