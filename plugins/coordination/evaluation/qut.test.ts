import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ActBuffer, scanWindows } from '../server/engine/acts';
import { readQutCsv } from './datasets';
import { qutCoActionNetwork, type QutMessage } from './qut';

const DATA = path.resolve(import.meta.dirname, '../../../../shared/data');
const coretweet = readQutCsv(path.join(DATA, 'qut-coretweet_test_input.csv'));
const sample = readQutCsv(path.join(DATA, 'qut-sample_data.csv'));
const reposts = (rows: typeof coretweet): QutMessage[] =>
  rows.filter((r) => r.repost_id).map((r) => ({ message_id: r.message_id, user_id: r.user_id, key: r.repost_id, timestamp: r.timestamp }));

describe('QUT toolkit co-retweet edge cases (qut-coretweet_test_input.csv)', () => {
  it('reads the fixture despite its BOM and CRLF line ends', () => {
    expect(coretweet).toHaveLength(15);
    expect(coretweet[0]).toMatchObject({ message_id: '0', user_id: 'uid0', repost_id: 'rtid0', timestamp: 0 });
  });

  // (time_window, min_edge_weight, loops) -> nodes, as tests/test_graph_construction.py asserts
  const cases: Array<[number, number, boolean, string[]]> = [
    [1, 1, false, ['uid4', 'uid5']],
    [1, 1, true, ['uid0', 'uid4', 'uid5']],
    [1, 2, false, []],
    [1, 2, true, ['uid0']],
    [60, 1, false, ['uid0', 'uid1', 'uid2', 'uid3', 'uid4', 'uid5']],
    [60, 1, true, ['uid0', 'uid1', 'uid10', 'uid2', 'uid3', 'uid4', 'uid5']],
  ];
  it.each(cases)('window %d s, min weight %d, loops %s', (timeWindow, minEdgeWeight, loops, nodes) => {
    const net = qutCoActionNetwork(reposts(coretweet), { timeWindow, minEdgeWeight, loops });
    expect([...net.nodes].sort()).toEqual(nodes);
  });

  it('gives the directed weights recomputed in MANIFEST.md at 1 s: the boundary is inclusive (rtid4, Δt = 1)', () => {
    const net = qutCoActionNetwork(reposts(coretweet), { timeWindow: 1, loops: true });
    expect(Object.fromEntries(net.edges)).toEqual({ 'uid0->uid0': 2, 'uid4->uid5': 1, 'uid5->uid4': 1 });
  });

  it('gives the directed weights at 60 s: Δt = 59 is in (rtid3), Δt = 61 is out (rtid2), 258 s never links', () => {
    const net = qutCoActionNetwork(reposts(coretweet), { timeWindow: 60, loops: true });
    expect(Object.fromEntries(net.edges)).toEqual({
      'uid0->uid0': 2, 'uid0->uid1': 2, 'uid1->uid0': 1, 'uid10->uid10': 2, 'uid2->uid3': 1, 'uid3->uid2': 1,
      'uid4->uid5': 2, 'uid5->uid4': 2,
    });
    expect(net.nodes.has('uid11')).toBe(false);
    expect(net.nodes.has('uid12')).toBe(false);
  });

  it('moves with the window by one second: Δt = 61 links at 61 s; at 58 s Δt = 58 still links and 59 does not', () => {
    const at61 = qutCoActionNetwork(reposts(coretweet), { timeWindow: 61 });
    expect(at61.edges.get('uid2->uid3')).toBe(2); // rtid1 (10 s) and rtid2 (61 s)
    const at58 = qutCoActionNetwork(reposts(coretweet), { timeWindow: 58 });
    expect(at58.edges.get('uid4->uid5')).toBe(1); // rtid4 (1 s) in, rtid3 (59 s) out
    // rtid0: uid1@59 with uid0@1 (58 s, in) but not uid0@0 (59 s): one message on each side
    expect(at58.edges.get('uid0->uid1')).toBe(1);
    expect(at58.edges.get('uid1->uid0')).toBe(1);
    const at57 = qutCoActionNetwork(reposts(coretweet), { timeWindow: 57 });
    expect(at57.edges.has('uid0->uid1')).toBe(false);
    expect(at57.edges.has('uid1->uid0')).toBe(false);
  });
});

/** Independent oracle: the toolkit's SQL self-join, written as a double loop. */
function selfJoin(msgs: QutMessage[], window: number): Map<string, number> {
  const partners = new Map<string, Set<string>>();
  for (const a of msgs) {
    for (const b of msgs) {
      if (a.message_id === b.message_id || a.key !== b.key) continue;
      if (Math.abs(a.timestamp - b.timestamp) > window) continue;
      const k = `${a.user_id}->${b.user_id}`;
      let s = partners.get(k);
      if (!s) partners.set(k, (s = new Set()));
      s.add(a.message_id);
    }
  }
  return new Map([...partners].map(([k, s]) => [k, s.size]));
}

describe('QUT sample data (qut-sample_data.csv): engine windows equal the self-join', () => {
  it('has 100 messages spanning 2.6 ms, so every window of 0.01 s or more holds all of them', () => {
    expect(sample).toHaveLength(100);
    const ts = sample.map((r) => r.timestamp);
    expect(Math.max(...ts) - Math.min(...ts)).toBeLessThan(0.003);
  });

  it.each([0, 0.000041, 0.001, 60])('co-retweet at window %d s', (w) => {
    const msgs = reposts(sample);
    const net = qutCoActionNetwork(msgs, { timeWindow: w, loops: true });
    expect(Object.fromEntries(net.edges)).toEqual(Object.fromEntries(selfJoin(msgs, w)));
  });

  it('co-link on the raw urls column splits on spaces like the toolkit, Python list syntax and all', () => {
    const msgs: QutMessage[] = sample.flatMap((r) => r.urls.map((u) => ({ message_id: r.message_id, user_id: r.user_id, key: u, timestamp: r.timestamp })));
    expect(new Set(msgs.map((m) => m.key)).has('[]')).toBe(true);
    const net = qutCoActionNetwork(msgs, { timeWindow: 60, loops: true });
    // a message with two URLs shared with one user still counts once (distinct messages)
    expect(Object.fromEntries(net.edges)).toEqual(Object.fromEntries(selfJoin(msgs, 60)));
  });
});

describe('window scan (property): directed co-actions equal the brute-force |Δt| <= w set', () => {
  it('for random acts, keys, accounts and windows, with and without self pairs', () => {
    const act = fc.record({ key: fc.integer({ min: 0, max: 3 }), t: fc.integer({ min: 0, max: 200 }), acc: fc.integer({ min: 0, max: 5 }) });
    fc.assert(fc.property(fc.array(act, { maxLength: 40 }), fc.integer({ min: 0, max: 60 }), fc.boolean(), (raw, w, self) => {
      const acts = [...raw].sort((a, b) => a.t - b.t);
      const buf = new ActBuffer(4);
      acts.forEach((a, i) => buf.push(a.key, a.t, a.acc, i, 1));
      const s = buf.sorted();
      const got = new Set<string>();
      scanWindows(s, { windowMs: w, maxWindowActs: 1e9, minWindowActs: 2, rarity: false }, 6, 6, null, (i, j) => {
        got.add(`${s.post[i]}>${s.acc[j]}`);
      }, { pairEvents: 0, crowded: 0 }, { selfPairs: self });
      const want = new Set<string>();
      acts.forEach((a, i) => acts.forEach((b, j) => {
        if (i === j || a.key !== b.key || Math.abs(a.t - b.t) > w) return;
        if (!self && a.acc === b.acc) return;
        want.add(`${i}>${b.acc}`);
      }));
      expect([...got].sort()).toEqual([...want].sort());
    }), { numRuns: 300 });
  });

  it('with marked accounts: exactly the full scan\'s pairs of two marked accounts, vetoes and crowds included', () => {
    const act = fc.record({ key: fc.integer({ min: 0, max: 2 }), t: fc.integer({ min: 0, max: 100 }), acc: fc.integer({ min: 0, max: 7 }) });
    fc.assert(fc.property(fc.array(act, { maxLength: 50 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 2, max: 12 }),
      fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), fc.integer({ min: 0, max: 6 }), (raw, w, cap, marks, veto) => {
        const buf = new ActBuffer(4);
        [...raw].sort((a, b) => a.t - b.t).forEach((a, i) => buf.push(a.key, a.t, a.acc, i, 1));
        const s = buf.sorted();
        const marked = Uint8Array.from(marks, (m) => (m ? 1 : 0));
        // a veto that depends on both acts, as COPYPASTA's text check does
        const accept = (i: number, j: number) => (s.post[i]! * 7 + s.post[j]! * 3) % 7 !== veto;
        const scan = (only: Uint8Array | null) => {
          const pairs: string[] = [];
          scanWindows(s, { windowMs: w, maxWindowActs: cap, minWindowActs: 2, rarity: false }, 8, 8, accept,
            (i, j) => pairs.push(`${i}>${j}`), { pairEvents: 0, crowded: 0 }, undefined, null, null, only);
          return pairs.sort();
        };
        const wanted = scan(null).filter((p) => { const [i, j] = p.split('>').map(Number); return marked[s.acc[i!]!] && marked[s.acc[j!]!]; });
        expect(scan(marked)).toEqual(wanted);
      }), { numRuns: 400 });
  });

  it('a crowded window (more acts than the cap) pairs with nobody, however many accounts it holds', () => {
    const buf = new ActBuffer(4);
    for (let i = 0; i < 10; i++) buf.push(7, i * 1000, i, i, 1); // 10 accounts within 9 s
    buf.push(7, 3_600_000, 20, 10, 1);
    buf.push(7, 3_601_000, 21, 11, 1); // a quiet pair an hour later
    const pairs: string[] = [];
    const counters = { pairEvents: 0, crowded: 0 };
    scanWindows(buf.sorted(), { windowMs: 60_000, maxWindowActs: 5, minWindowActs: 2, rarity: false }, 12, 22, null,
      (i, j) => pairs.push(`${i}-${j}`), counters);
    expect(pairs.sort()).toEqual(['10-11', '11-10']);
    expect(counters.crowded).toBe(10);
  });
});
