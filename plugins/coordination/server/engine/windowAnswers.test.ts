import { describe, expect, it } from 'vitest';
import { ActBuffer, scanWindows, type ScanCounters } from './acts';

/** Acts on a few keys, several accounts each, bunched in time so that windows overlap. */
function someActs(seed: number) {
  let s = seed;
  const rand = () => { s = (Math.imul(s, 1103515245) + 12345) >>> 0; return s / 2 ** 32; };
  const buf = new ActBuffer(16);
  for (let key = 0; key < 6; key++) {
    let t = 0;
    for (let k = 0; k < 120; k++) {
      t += Math.floor(rand() * 40);
      buf.push(key, t, Math.floor(rand() * 25), key * 1000 + k);
    }
  }
  return buf.sorted();
}

/** A symmetric check that passes about half of the pairs, counting how often each pair is asked. */
function countingCheck(post: Int32Array) {
  const asked = new Map<string, number>();
  const accept = (i: number, j: number) => {
    const a = Math.min(post[i]!, post[j]!), b = Math.max(post[i]!, post[j]!);
    const k = `${a}:${b}`;
    asked.set(k, (asked.get(k) ?? 0) + 1);
    return (Math.imul(a + 7, 2654435761) ^ Math.imul(b + 13, 40503)) % 2 === 0;
  };
  return { asked, accept };
}

function scan(maxWindowActs: number, seed: number) {
  const acts = someActs(seed);
  const check = countingCheck(acts.post);
  const emitted: string[] = [];
  const counters: ScanCounters = { pairEvents: 0, crowded: 0 };
  const cfg = { windowMs: 100, maxWindowActs, minWindowActs: 2, rarity: false };
  scanWindows(acts, cfg, 25, 25, check.accept, (i, j) => emitted.push(`${acts.post[i]}>${acts.post[j]}`), counters);
  return { emitted, asked: check.asked };
}

describe('the window scan with a pair check', () => {
  it('asks the check once per pair and emits what asking both ways emits', () => {
    for (const seed of [1, 2, 3]) {
      // 2,000 acts a window is past what the answers are kept for (1,024): that scan asks both ways
      const once = scan(300, seed), both = scan(2000, seed);
      expect(once.emitted.length).toBeGreaterThan(100);
      expect(once.emitted).toEqual(both.emitted);
      expect(Math.max(...once.asked.values())).toBe(1);
      expect(Math.max(...both.asked.values())).toBe(2);
      expect([...once.asked.keys()].sort()).toEqual([...both.asked.keys()].sort());
    }
  });
});
