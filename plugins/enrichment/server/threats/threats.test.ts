import { describe, expect, it } from 'vitest';
import { threatSet } from '../../evaluation/datasets';
import { binaryScores } from '../../evaluation/metrics';
import { VIOLENT_PHRASES, VIOLENT_VERBS } from './lexicon';
import { detectThreat, VIOLENT_STEM } from './detectThreat';

const isThreat = (text: string) => detectThreat(text).threat;

describe('detectThreat rules', () => {
  it('flags explicit first-person threats with a target, with the evidence', () => {
    const r = detectThreat("I'm going to kill you when I find you");
    expect(r.threat).toBe(true);
    expect(r.evidence).toEqual(expect.arrayContaining(['verb:kill', 'target:you']));
    expect(r.evidence.some((e) => e.startsWith('speaker+intent:'))).toBe(true);
  });

  it('flags conditional threats, calls to others and imperatives', () => {
    expect(isThreat('If you come back here I will shoot you')).toBe(true);
    expect(isThreat('Someone should stab that senator')).toBe(true);
    expect(isThreat('Hang the traitors!')).toBe(true);
    expect(isThreat('these judges should be shot')).toBe(true);
    expect(isThreat('gonna beat him up after school')).toBe(true);
  });

  it('does not flag negated, reported, hypothetical, news, gaming or idiomatic uses', () => {
    const cases = [
      'I would never hurt anyone',
      'He said he would kill me, so I called the police',
      'Man shot dead outside nightclub',
      'What would you do if someone attacked you?',
      "I'm going to kill you in the next round noob",
      'You are killing it with these photos',
      'My mom is going to kill me when she sees this',
    ];
    for (const text of cases) {
      const r = detectThreat(text);
      expect(r.threat, text).toBe(false);
    }
    expect(detectThreat('I will never hurt her').blockedBy).toContain('negation:never');
    expect(detectThreat("I'm going to kill you this round").blockedBy.some((b) => b.startsWith('game:'))).toBe(true);
  });

  it('returns nothing for text without a violent word, fast path', () => {
    expect(detectThreat('lovely weather for a picnic')).toEqual({ threat: false, score: 0, evidence: [], blockedBy: [] });
    expect(detectThreat('')).toMatchObject({ threat: false });
  });

  it('the prefilter passes every lexicon entry', () => {
    for (const word of [...VIOLENT_VERBS.keys(), ...VIOLENT_PHRASES.keys()]) expect(VIOLENT_STEM.test(word), word).toBe(true);
  });
});

/**
 * The committed, hand-built test set (evaluation/threats.jsonl), written before the rules. 30 % of each category was
 * held out at random (seeded) and not used while tuning; both parts are reported. Floors are the measured figures
 * rounded down (dev F1 0.961, hold-out F1 0.904).
 */
describe('threat quality on the committed test set', () => {
  const items = threatSet();

  it('has at least 300 items covering every category', () => {
    expect(items.length).toBeGreaterThanOrEqual(300);
    const categories = new Set(items.map((i) => i.category));
    for (const c of ['explicit', 'conditional', 'call', 'negated', 'quoted', 'news', 'gaming', 'idiom', 'hypothetical', 'benign']) {
      expect(categories.has(c), c).toBe(true);
    }
    expect(items.filter((i) => i.split === 'holdout').length).toBeGreaterThanOrEqual(90);
    expect(new Set(items.map((i) => i.text)).size).toBe(items.length);
  });

  const score = (split: 'dev' | 'holdout') => {
    const part = items.filter((i) => i.split === split);
    return binaryScores(part.map((i) => i.threat), part.map((i) => isThreat(i.text)));
  };

  it('hold-out part: F1 >= 0.85', () => {
    const s = score('holdout');
    expect(s.f1).toBeGreaterThanOrEqual(0.9);
    expect(s.precision).toBeGreaterThanOrEqual(0.95);
    expect(s.recall).toBeGreaterThanOrEqual(0.8);
  });

  it('development part: F1 >= 0.85', () => {
    expect(score('dev').f1).toBeGreaterThanOrEqual(0.95);
  });
});
