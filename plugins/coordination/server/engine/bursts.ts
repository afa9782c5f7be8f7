/**
 * Repeated bursts (issue 17): what organic crowds do not do is come back. A *burst* is a run of acts on one key
 * whose consecutive acts are at most the type's window apart, by at least `minAccounts` accounts, lasting at most
 * `maxSpanWindows` windows (longer runs are a key's steady use: a popular hashtag all day, a trend for hours), on a
 * key with at most `maxBurstsPerKey` bursts (more is a habit: a popular hashtag that comes back every hour). Two bursts with different
 * content (keys; a hashtag sequence's hashtags count as its content) at different times whose participants overlap far beyond chance (E = s_i * s_j / A for bursts of s_i and s_j of the corpus' A accounts;
 * at least `minLift` times E and a Poisson tail <= `overlapAlpha`: crowds drawn from a smaller population than A
 * overlap more than E, but not several times more) are linked; linked bursts form a group (union-find); an account that joined
 * at least `minEvents` of a group's bursts, more than chance explains (its bursts drawn by size from all
 * bursts: binomial tail <= `memberAlpha`), is a member; a group of at least `joinCore` such members also admits accounts
 * in `joinEvents` of its bursts (binomial tail <= `joinAlpha`: at 30 % participation over 8 bursts a member joins
 * fewer than 3 more than half the time, and a link and its copypasta at one moment are two bursts). Members keep one
 * cluster however large the group: weights do not shrink as bursts fill, and crowded windows (over the fan-out cap)
 * count here too, because only burst participants are listed,
 * never pairs. Each member is linked to the `partners` members it shared most bursts with, with those bursts'
 * posts as evidence. Cost: acts once, plus the sum over accounts of (bursts joined)^2, accounts in more than
 * `maxEventsPerAccount` bursts being left out of the overlap counts.
 */
import { BEHAVIOURAL_TYPES, EVIDENCE_TYPES } from '../../shared/types';
import { UnionFind } from './copypasta';
import { binomialUpperTail, poissonUpperTail } from './stats';
import type { EngineState } from './detect';

/** A member's link to a partner: shared bursts per type, and the acts (type index, act of a, act of b) proving it. */
export interface BurstEdge {
  a: number;
  b: number;
  co: Float64Array;
  proofs: Array<[number, number, number]>;
}

export interface BurstGroups {
  /** group per account, -1 for non-members */
  groupOf: Int32Array;
  groups: number;
  edges: BurstEdge[];
  events: number;
  linkedEventPairs: number;
}

export function repeatedBursts(state: EngineState): BurstGroups {
  const { cfg, x, sorted } = state;
  const bc = cfg.bursts;
  const nAcc = x.accountIds.length;
  const groupOf = new Int32Array(nAcc).fill(-1);
  const empty: BurstGroups = { groupOf, groups: 0, edges: [], events: 0, linkedEventPairs: 0 };
  if (!bc.enabled) return empty;

  // 1. Bursts: participants (first act per account) in flat arrays.
  const evStart: number[] = [0], evType: number[] = [], evKey: number[] = [];
  /** a burst's time span, widened by its window on both sides */
  const evFrom: number[] = [], evTo: number[] = [];
  const pAct: number[] = [], pAcc: number[] = [];
  const stamp = new Int32Array(nAcc).fill(-1);
  let stampId = 0;
  for (const type of BEHAVIOURAL_TYPES) {
    const tc = cfg.types[type];
    const acts = sorted[type];
    if (!tc.enabled || !Number.isFinite(tc.windowMs) || acts.n < bc.minAccounts) continue;
    const ti = EVIDENCE_TYPES.indexOf(type);
    const { key, time, acc } = acts;
    /** calls f(s, e) for each run of acts [s, e) that may be a burst (enough acts, short enough) */
    const runs = (f: (s: number, e: number) => void) => {
      let s = 0;
      while (s < acts.n) {
        let e = s + 1;
        while (e < acts.n && key[e] === key[s] && time[e]! - time[e - 1]! <= tc.windowMs) e++;
        // a run longer than a few windows is steady use of a key (a popular hashtag all day), not a burst
        if (e - s >= bc.minAccounts && time[e - 1]! - time[s]! <= bc.maxSpanWindows * tc.windowMs) f(s, e);
        s = e;
      }
    };
    // a key in many bursts is a habit (a popular hashtag that comes back every hour), not a campaign's key
    const perKey = new Map<number, number>();
    runs((s) => perKey.set(key[s]!, (perKey.get(key[s]!) ?? 0) + 1));
    runs((s, e) => {
      if (perKey.get(key[s]!)! > bc.maxBurstsPerKey) return;
      const id = stampId++;
      const mark = pAct.length;
      for (let i = s; i < e; i++) {
        const a = acc[i]!;
        if (stamp[a] === id) continue;
        stamp[a] = id;
        pAct.push(i); pAcc.push(a);
      }
      if (pAct.length - mark >= bc.minAccounts) {
        evType.push(ti); evKey.push(key[s]!); evStart.push(pAct.length);
        evFrom.push(time[s]! - tc.windowMs); evTo.push(time[e - 1]! + tc.windowMs);
      } else { pAct.length = mark; pAcc.length = mark; }
    });
  }
  const nEv = evType.length;
  if (nEv < 2) return { ...empty, events: nEv };

  // 2. Per account: its bursts (ascending) and its act in each.
  const deg = new Int32Array(nAcc);
  for (const a of pAcc) deg[a]!++;
  const off = new Int32Array(nAcc + 1);
  for (let a = 0; a < nAcc; a++) off[a + 1] = off[a]! + deg[a]!;
  const accEv = new Int32Array(pAcc.length), accAct = new Int32Array(pAcc.length);
  const fill = off.slice(0, nAcc);
  for (let ev = 0; ev < nEv; ev++) {
    for (let p = evStart[ev]!; p < evStart[ev + 1]!; p++) {
      const a = pAcc[p]!, q = fill[a]!++;
      accEv[q] = ev; accAct[q] = pAct[p]!;
    }
  }
  // the population a burst could draw from: every account of the corpus (not only those in bursts, which in a
  // corpus a campaign dominates are mostly the campaign's)
  const active = Math.max(nAcc, 2);
  const size = (ev: number) => evStart[ev + 1]! - evStart[ev]!;
  const total = pAcc.length;

  // 3. Overlaps of burst pairs, through the accounts they share.
  const overlap = new Map<number, number>();
  for (let a = 0; a < nAcc; a++) {
    const d = deg[a]!;
    if (d < 2 || d > bc.maxEventsPerAccount) continue;
    for (let u = off[a]!; u < off[a + 1]!; u++) {
      for (let v = u + 1; v < off[a + 1]!; v++) {
        const k = accEv[u]! * nEv + accEv[v]!;
        overlap.set(k, (overlap.get(k) ?? 0) + 1);
      }
    }
  }
  // content of a burst: its key, or a hashtag sequence's hashtags (a sequence shares content with its hashtags)
  const seqTi = EVIDENCE_TYPES.indexOf('HASHTAG_SEQUENCE_SHARE'), tagTi = EVIDENCE_TYPES.indexOf('SYNCHRONOUS_HASHTAG_SHARE');
  const contentCache = new Map<number, string[]>();
  const contentOf = (ev: number): string[] => {
    let c = contentCache.get(ev);
    if (c) return c;
    const ti = evType[ev]!, k = evKey[ev]!;
    if (ti === seqTi) c = (x.keys.HASHTAG_SEQUENCE_SHARE.strings[k] ?? '').split(' ').map((t) => `${tagTi}:${t.replace(/^#/, '')}`);
    else c = [`${ti}:${ti === tagTi ? x.keys.SYNCHRONOUS_HASHTAG_SHARE.strings[k] : k}`];
    contentCache.set(ev, c);
    return c;
  };
  const sharesContent = (i: number, j: number) => {
    const ci = contentOf(i), cj = contentOf(j);
    return ci.some((t) => cj.includes(t));
  };
  const uf = new UnionFind(nEv);
  let linked = 0;
  for (const [k, o] of overlap) {
    if (o < bc.minOverlap) continue;
    const i = Math.floor(k / nEv), j = k - i * nEv;
    // the same content again is habit (a hashtag set a circle of friends posts daily, alone or in longer sequences);
    // coming back is on other keys, at another time (the hashtags of one post, a link and its repost at one moment
    // are one burst, not two)
    if (sharesContent(i, j)) continue;
    if (evFrom[i]! <= evTo[j]! && evFrom[j]! <= evTo[i]!) continue;
    const expected = (size(i) * size(j)) / active;
    if (o < bc.minLift * expected || poissonUpperTail(o, expected) > bc.overlapAlpha) continue;
    uf.union(i, j);
    linked++;
  }
  overlap.clear();

  // 4. Members: enough of a group's bursts, beyond what the account's own burst activity explains.
  const groupSize = new Float64Array(nEv), groupEvents = new Int32Array(nEv);
  for (let ev = 0; ev < nEv; ev++) { const r = uf.find(ev); groupSize[r]! += size(ev); groupEvents[r]!++; }
  const memberRoot = new Int32Array(nAcc).fill(-1);
  const tally = new Map<number, number>();
  /** the group (root) whose bursts explain the account best, among groups `eligible` admits, or -1 */
  const bestGroup = (a: number, minEvents: number, alpha: number, eligible: (r: number) => boolean): number => {
    tally.clear();
    for (let u = off[a]!; u < off[a + 1]!; u++) {
      const r = uf.find(accEv[u]!);
      if (groupEvents[r]! >= 2 && eligible(r)) tally.set(r, (tally.get(r) ?? 0) + 1);
    }
    let best = -1, bestP = alpha;
    for (const [r, m] of tally) {
      if (m < minEvents) continue;
      const p = binomialUpperTail(m, deg[a]!, groupSize[r]! / total);
      if (p <= bestP) { bestP = p; best = r; }
    }
    return best;
  };
  for (let a = 0; a < nAcc; a++) if (deg[a]! >= bc.minEvents) memberRoot[a] = bestGroup(a, bc.minEvents, bc.memberAlpha, () => true);
  // A group its core members (minEvents) establish also admits accounts in joinEvents of its bursts: at 30 %
  // participation over 8 bursts more than half of a campaign joins fewer than 3, and an account in a URL burst and the
  // copypasta burst of the same campaign moment is in two of them. Groups of fewer core members admit nobody more.
  if (bc.joinEvents < bc.minEvents) {
    const core = new Int32Array(nEv);
    for (let a = 0; a < nAcc; a++) if (memberRoot[a]! >= 0) core[memberRoot[a]!]!++;
    const established = (r: number) => core[r]! >= bc.joinCore;
    for (let a = 0; a < nAcc; a++) {
      if (memberRoot[a]! >= 0 || deg[a]! < bc.joinEvents) continue;
      memberRoot[a] = bestGroup(a, bc.joinEvents, bc.joinAlpha, established);
    }
  }
  const membersOf = new Map<number, number[]>();
  for (let a = 0; a < nAcc; a++) {
    const r = memberRoot[a]!;
    if (r < 0) continue;
    let l = membersOf.get(r);
    if (!l) membersOf.set(r, (l = []));
    l.push(a);
  }

  // 5. Edges: each member to the members it shared most bursts with.
  const edges = new Map<number, BurstEdge>();
  const count = new Int32Array(nAcc);
  let groups = 0;
  for (const [root, members] of membersOf) {
    if (members.length < cfg.minClusterAccounts) continue;
    const g = groups++;
    for (const a of members) groupOf[a] = g;
    for (const a of members) {
      const touched: number[] = [];
      for (let u = off[a]!; u < off[a + 1]!; u++) {
        const ev = accEv[u]!;
        if (uf.find(ev) !== root) continue;
        for (let p = evStart[ev]!; p < evStart[ev + 1]!; p++) {
          const b = pAcc[p]!;
          if (b === a || memberRoot[b] !== root) continue;
          if (count[b] === 0) touched.push(b);
          count[b]!++;
        }
      }
      touched.sort((p, q) => count[q]! - count[p]! || p - q);
      for (const b of touched.slice(0, bc.partners)) {
        const lo = Math.min(a, b), hi = Math.max(a, b);
        if (!edges.has(lo * nAcc + hi)) edges.set(lo * nAcc + hi, sharedBursts(lo, hi));
      }
      for (const b of touched) count[b] = 0;
    }
  }

  /** the bursts lo and hi both joined (merge of two ascending lists), per type, with their acts */
  function sharedBursts(lo: number, hi: number): BurstEdge {
    const e: BurstEdge = { a: lo, b: hi, co: new Float64Array(EVIDENCE_TYPES.length), proofs: [] };
    let u = off[lo]!, v = off[hi]!;
    while (u < off[lo + 1]! && v < off[hi + 1]!) {
      const eu = accEv[u]!, ev = accEv[v]!;
      if (eu < ev) u++;
      else if (ev < eu) v++;
      else {
        const ti = evType[eu]!;
        e.co[ti]!++;
        e.proofs.push([ti, accAct[u]!, accAct[v]!]);
        u++; v++;
      }
    }
    return e;
  }

  return { groupOf, groups, edges: [...edges.values()], events: nEv, linkedEventPairs: linked };
}
