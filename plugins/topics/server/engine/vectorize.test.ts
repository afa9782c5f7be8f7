import { describe, expect, it } from 'vitest';
import { rowCosine, vectorize } from './vectorize';

const docs = (texts: string[]) => texts.map((text) => ({ text, language: 'en' }));

describe('vectorize', () => {
  it('vectorises identical token sequences once and counts the copies', () => {
    const m = vectorize(docs(['Brexit vote today', 'brexit VOTE today!', 'budget vote', 'budget cuts']), { minDf: 1, maxDfRatio: 1 });
    expect(m.rows).toBe(3);
    expect(Array.from(m.docOf)).toEqual([0, 0, 1, 2]);
    expect(Array.from(m.multiplicity)).toEqual([2, 1, 1]);
    expect(Array.from(m.firstPost)).toEqual([0, 2, 3]);
  });

  it('L2-normalises rows and weights rarer terms higher (sublinear tf × smooth idf)', () => {
    const m = vectorize(docs(['alpha beta', 'alpha gamma', 'alpha delta', 'alpha beta beta']), { minDf: 1, maxDfRatio: 1 });
    for (let d = 0; d < m.rows; d++) expect(rowCosine(m, d, d)).toBeCloseTo(1, 5);
    const alpha = m.terms.indexOf('alpha');
    const beta = m.terms.indexOf('beta');
    const row = (d: number) => new Map(Array.from(m.cols.subarray(m.rowPtr[d]!, m.rowPtr[d + 1]!), (c, i) => [c, m.vals[m.rowPtr[d]! + i]!]));
    expect(row(0).get(beta)!).toBeGreaterThan(row(0).get(alpha)!);
    // tf 2 weighs 1 + ln 2 times tf 1.
    expect(row(3).get(beta)! / row(3).get(alpha)!).toBeCloseTo((1 + Math.log(2)) * row(0).get(beta)! / row(0).get(alpha)!, 4);
  });

  it('leaves out terms below minDf and above maxDfRatio', () => {
    const m = vectorize(docs(['common rare', 'common shared', 'common extra shared', 'common extra']), { minDf: 2, maxDfRatio: 0.6 });
    const kept = m.terms.filter((_, t) => m.kept[t]);
    expect(kept).toEqual(['shared', 'extra']);
    expect(m.rowPtr[1]! - m.rowPtr[0]!).toBe(0);
  });

  it('keeps the words of a repeated text even when no other text uses them (minDf counts posts)', () => {
    const m = vectorize(docs(['unique copypasta words', 'unique copypasta words', 'something else']), { minDf: 2, maxDfRatio: 1 });
    expect(m.rowPtr[1]! - m.rowPtr[0]!).toBe(3);
    expect(m.rowPtr[2]! - m.rowPtr[1]!).toBe(0);
  });
});
