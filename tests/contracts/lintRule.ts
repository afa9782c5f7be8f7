import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { expect } from 'vitest';

/** The repository root, where eslint.config.js is. */
export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Lints `code` as if it were the file at `filePath` (a virtual path: nothing is written) with the repository's own
 * eslint.config.js, and answers what `rule` says about it. Every report of the rule must be an error.
 */
export function ruleMessagesOf(rule: string): (filePath: string, code: string) => Promise<string[]> {
  let eslint: ESLint | null = null;
  return async (filePath, code) => {
    eslint ??= new ESLint({ cwd: repositoryRoot });
    const [result] = await eslint.lintText(code, { filePath });
    if (!result) throw new Error('ESLint returned no result');
    const fatal = result.messages.filter((m) => m.fatal);
    if (fatal.length) throw new Error(`${filePath} did not parse: ${fatal.map((m) => m.message).join('; ')}`);
    const mine = result.messages.filter((m) => m.ruleId === rule);
    for (const m of mine) expect(m.severity).toBe(2);
    return mine.map((m) => m.message);
  };
}
