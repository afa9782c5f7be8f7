/**
 * `compileMatcher`: the exact, in-memory decision of whether a post's text matches a query. The database
 * conditions of fts5.ts and tsquery.ts only fetch candidates; this is the rule they must never contradict.
 *
 * A term or phrase matches when its tokens (see tokenize.ts) occur consecutively in the text's tokens: whole
 * tokens, case-insensitive, accents kept. A term or phrase with no token at all (`!!!`, `""`) matches nothing.
 */
import type { QueryNode } from './ast';
import { tokenTexts } from './tokenize';

export type Matcher = (text: string) => boolean;

type TokenTest = (tokens: readonly string[]) => boolean;

export function compileMatcher(ast: QueryNode): Matcher {
  const test = compileNode(ast);
  return (text) => test(tokenTexts(text));
}

function compileNode(node: QueryNode): TokenTest {
  switch (node.type) {
    case 'term':
    case 'phrase': {
      const sequence = tokenTexts(node.text);
      return sequence.length === 0 ? () => false : (tokens) => containsSequence(tokens, sequence);
    }
    case 'and': {
      const children = node.children.map(compileNode);
      return (tokens) => children.every((child) => child(tokens));
    }
    case 'or': {
      const children = node.children.map(compileNode);
      return (tokens) => children.some((child) => child(tokens));
    }
    case 'not': {
      const child = compileNode(node.child);
      return (tokens) => !child(tokens);
    }
  }
}

function containsSequence(tokens: readonly string[], sequence: readonly string[]): boolean {
  const last = tokens.length - sequence.length;
  for (let start = 0; start <= last; start += 1) {
    let offset = 0;
    while (offset < sequence.length && tokens[start + offset] === sequence[offset]) offset += 1;
    if (offset === sequence.length) return true;
  }
  return false;
}
