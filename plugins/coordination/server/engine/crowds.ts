/**
 * Crowd sizes (issue 17): per act, the distinct accounts in its key's run, the maximal stretch of acts on the key
 * at most a window apart. A viral link taken up by 300 strangers over half an hour is one run of 300 however thin
 * its windows are; a small campaign's link shared by its 8 members within seconds is a run of 8.
 */
import type { SortedActs } from './acts';

/** Fills `out[i]` (for i < acts.n) with the accounts of act i's run; `stamp` is scratch, one slot per account. */
export function runAccounts(acts: SortedActs, windowMs: number, stamp: Int32Array, out: Int32Array): void {
  const { key, time, acc, n } = acts;
  let s = 0;
  while (s < n) {
    let e = s + 1;
    while (e < n && key[e] === key[s] && time[e]! - time[e - 1]! <= windowMs) e++;
    let df = 0;
    // runs are disjoint, so -1 - s marks "seen in this run" without clearing the stamps
    for (let i = s; i < e; i++) { const a = acc[i]!; if (stamp[a] !== -1 - s) { stamp[a] = -1 - s; df++; } }
    for (let i = s; i < e; i++) out[i] = df;
    s = e;
  }
}
