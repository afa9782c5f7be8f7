import { describe, expect, it } from 'vitest';
import { classify } from '../server/classifier/classify';
import { HELD_OUT_CORPUS } from './heldOutCorpus';
import { confusionTable, score, scoreTable } from './metrics';
import { MIN_PRECISION, MIN_RECALL } from './quality';

describe('theme classifier on the held-out corpus (never tuned on)', () => {
  it(`reaches precision >= ${MIN_PRECISION} and recall >= ${MIN_RECALL} per theme`, () => {
    const report = score(HELD_OUT_CORPUS.map((p) => p.theme), HELD_OUT_CORPUS.map((p) => classify(p.text)?.theme ?? null));
    // The figures the ADR quotes.
    console.info(`held-out corpus, ${report.posts} posts\n${scoreTable(report)}\n\n${confusionTable(report)}`);
    for (const s of report.scores) {
      expect(s.support, s.theme).toBeGreaterThanOrEqual(10);
      expect(s.precision, `${s.theme} precision`).toBeGreaterThanOrEqual(MIN_PRECISION);
      expect(s.recall, `${s.theme} recall`).toBeGreaterThanOrEqual(MIN_RECALL);
    }
    // Every language has posts of every theme.
    for (const language of ['en', 'es', 'zh'] as const) expect(new Set(HELD_OUT_CORPUS.filter((p) => p.language === language && p.theme).map((p) => p.theme)).size).toBe(9);
  });

  it('leaves off-theme posts alone, traps included (a bowling strike, a storm forecast, the European Union)', () => {
    const offTheme = HELD_OUT_CORPUS.filter((p) => p.theme === null);
    expect(offTheme.map((p) => [p.text, classify(p.text)?.theme ?? null])).toEqual(offTheme.map((p) => [p.text, null]));
  });
});
