import { expect } from 'vitest';
import { QUERY_LIMITS } from '../errors';

/**
 * Every validation message the spec allows (and the size limits add), as one pattern: a property test checks that
 * whatever it feeds the validator is answered in these words and no others (test-only).
 */
export const VALIDATION_MESSAGE = new RegExp(
  [
    'no query string provided',
    'unbalanced quotes starting at position \\d+: ".*"',
    'smart-quote found at position \\d+',
    'non-uppercase keyword found at position \\d+: ".*"',
    'keyword at position \\d+ is missing its (right|left)-hand side: ".*"',
    'multiple keywords found starting at position \\d+: ".*"',
    'unbalanced parentheses starting at position \\d+: ".*"',
    'empty parentheses found at position \\d+',
    `query string longer than ${QUERY_LIMITS.maxLength} characters at position ${QUERY_LIMITS.maxLength}: ".*"`,
    `more than ${QUERY_LIMITS.maxTerms} terms found starting at position \\d+: ".*"`,
    `parentheses nested deeper than ${QUERY_LIMITS.maxDepth} levels starting at position \\d+: ".*"`,
  ].map((pattern) => `^${pattern}$`).join('|'),
  's',
);

/** Every error of `validateQuery(input)` has a code of the spec's range, a position inside the input and a spec message. */
export function expectWellFormedErrors(input: string, errors: ReadonlyArray<{ code: number; position: number; message: string }>): void {
  for (const error of errors) {
    expect(error.code).toBeGreaterThanOrEqual(0);
    expect(error.code).toBeLessThanOrEqual(7);
    expect(error.position).toBeGreaterThanOrEqual(0);
    expect(error.position).toBeLessThanOrEqual(input.length);
    expect(error.message).toMatch(VALIDATION_MESSAGE);
  }
}
