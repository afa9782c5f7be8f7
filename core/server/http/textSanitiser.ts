/**
 * One check at the edge for text no store can keep (issue 18, finding 4): PostgreSQL refuses U+0000 in text
 * ("invalid byte sequence for encoding UTF8") and SQLite keeps it, so the same call answered 500 on one engine and
 * stored an invisible character on the other. An unpaired UTF-16 surrogate cannot be encoded as UTF-8 at all and
 * would be stored as U+FFFD. Every JSON body, query string and path parameter is checked before validation; the post
 * store's own normalisation strips NUL from imported and collected posts, where it is data, not input.
 */

export const TEXT_MESSAGES = {
  nul: 'must not contain the NUL character (U+0000)',
  surrogate: 'must not contain an unpaired surrogate (invalid Unicode)',
  address: 'The request address must not contain the NUL character (%00)',
} as const;

// eslint-disable-next-line no-control-regex -- the NUL character is exactly what this looks for
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(value: string): string | null {
  if (NUL.test(value)) return TEXT_MESSAGES.nul;
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.surrogate;
  return null;
}

/** Parsed JSON only: an upload's request stream (posts import) is data the post store normalises, not walked here. */
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/**
 * The first problem in a parsed JSON value, as `<path>: <message>` (`body.name`, `body.items.3.text`; a bad key is
 * named by its parent path), or null. Iterative: a deeply nested body cannot overflow the stack here.
 */
export function invalidTextIn(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [current, where] = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return `${where}: ${problem}`;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], `${where}.${i}`]);
    } else if (isPlainObject(current)) {
      for (const [key, child] of Object.entries(current)) {
        const problem = textProblem(key);
        if (problem) return `${where}: ${problem}`;
        stack.push([child, `${where}.${key}`]);
      }
    }
  }
  return null;
}

/** True when the raw request address carries an encoded or literal NUL (path or query string). */
export function addressHasNul(url: string): boolean {
  return /%00/i.test(url) || NUL.test(url);
}
