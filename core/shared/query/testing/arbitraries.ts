/**
 * fast-check generators for the query tests: random query trees and posts over a small vocabulary chosen to hit
 * the tricky cases (case, accents, NFD text, Greek final sigma, Chinese, emoji, hashtags, mentions, URLs,
 * apostrophes, underscores, prefixes like vote/voter, and terms with no token at all).
 */
import fc from 'fast-check';
import type { QueryNode } from '../ast';

/** Valid bare words: no spaces, parentheses, quotes or keyword spellings. */
export const QUERY_WORDS = [
  'vote', 'voter', 'VOTE', 'café', 'cafe', 'CAFÉ', 'climate', 'net', 'zero', 'niño', 'ΟΔΟΣ', 'οδος', 'straße',
  '#climate', '#Climate', '#cop28', '@bob', '@Bob', '中文', '测试', '中文测试', '气候', '🎉', '❤️',
  'https://vote.org/x', 'vote.org', "don't", 'foo_bar', 'x', '!!!',
] as const;

/** What posts are made of: the query words plus look-alikes that must (or must not) match them. */
export const POST_PIECES = [
  ...QUERY_WORDS,
  'cafe\u0301', // café in NFD
  'don’t', '👍🏽', '❤', '#climate_change', 'https://vote.org/x.', 'www.vote.org', 'bob@vote.org', 'CLIMATE',
  'Niño', 'and', 'NOT', '(', ')', '"', '—', '中文测试气候',
] as const;

const SEPARATORS = [' ', ' ', ' ', '', ', ', '. ', '\n', ' #', ' @'] as const;

export const postArb: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom(...POST_PIECES), fc.constantFrom(...SEPARATORS)), { maxLength: 8 })
  .map((pieces) => pieces.map(([piece, separator]) => piece + separator).join(''));

export const postsArb: fc.Arbitrary<string[]> = fc.array(postArb, { minLength: 1, maxLength: 12 });

/** Phrase texts: words, keywords and parentheses are all plain text inside quotes. */
const phraseTextArb: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(...QUERY_WORDS, 'AND', 'or', '(', ')', "l'eau"), { minLength: 0, maxLength: 3 })
  .map((words) => words.join(' '));

const leafArb: fc.Arbitrary<QueryNode> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...QUERY_WORDS).map((text): QueryNode => ({ type: 'term', text })) },
  { weight: 1, arbitrary: phraseTextArb.map((text): QueryNode => ({ type: 'phrase', text })) },
);

/** Random trees, not normalised (nested `and` in `and` happens), at most `depth` operators deep. */
export function queryArb(depth = 3): fc.Arbitrary<QueryNode> {
  if (depth === 0) return leafArb;
  const child = queryArb(depth - 1);
  const children = fc.array(child, { minLength: 2, maxLength: 3 });
  return fc.oneof(
    { weight: 3, arbitrary: leafArb },
    { weight: 2, arbitrary: children.map((cs): QueryNode => ({ type: 'and', children: cs })) },
    { weight: 2, arbitrary: children.map((cs): QueryNode => ({ type: 'or', children: cs })) },
    { weight: 1, arbitrary: child.map((c): QueryNode => ({ type: 'not', child: c })) },
  );
}

export function containsNot(node: QueryNode): boolean {
  if (node.type === 'not') return true;
  if (node.type === 'and' || node.type === 'or') return node.children.some(containsNot);
  return false;
}
