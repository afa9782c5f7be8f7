/**
 * The QUT Coordination Network Toolkit's co-action network (co-retweet, co-link, co-reply, co-tweet), computed
 * with this engine's window scan: two *different* messages on the same key are linked when |t_j - t_i| <= window
 * (inclusive); weight(u1 -> u2) = number of distinct messages of u1 with a partner message from u2; edges below
 * min_edge_weight are dropped; u -> u edges are self loops, kept only with `loops`; nodes = edge endpoints.
 * It exists to prove the engine's window boundaries against the toolkit's own test expectations.
 */
import { ActBuffer, scanWindows } from '../server/engine/acts';
import { Interner } from '../server/engine/extract';

export interface QutMessage {
  message_id: string;
  user_id: string;
  /** the co-action key: repost_id for co-retweet, a URL for co-link, reply_id for co-reply */
  key: string;
  /** seconds (any consistent offset); fractions allowed */
  timestamp: number;
}

export interface QutOptions {
  timeWindow: number;
  minEdgeWeight?: number;
  loops?: boolean;
}

export interface QutNetwork {
  /** directed weights, "u1->u2" -> weight */
  edges: Map<string, number>;
  nodes: Set<string>;
}

export function qutCoActionNetwork(messages: readonly QutMessage[], opts: QutOptions): QutNetwork {
  const users = new Interner();
  const keys = new Interner();
  const order = messages.map((_, i) => i).sort((a, b) => messages[a]!.timestamp - messages[b]!.timestamp || a - b);
  const acts = new ActBuffer(Math.max(16, messages.length));
  for (const i of order) {
    const m = messages[i]!;
    // seconds to ms, rounded to the microsecond so decimal inputs compare exactly at the boundary
    acts.push(keys.id(m.key), Math.round(m.timestamp * 1e6) / 1e3, users.id(m.user_id), i, 1);
  }
  const sorted = acts.sorted();
  const directed = new Map<string, number>();
  const seen = new Set<string>();
  scanWindows(
    sorted,
    { windowMs: Math.round(opts.timeWindow * 1e6) / 1e3, maxWindowActs: Number.MAX_SAFE_INTEGER, minWindowActs: 2, rarity: false },
    users.strings.length,
    users.strings.length,
    // a message never partners itself; the same message id twice is one message
    (i, j) => messages[sorted.post[i]!]!.message_id !== messages[sorted.post[j]!]!.message_id,
    (i, j) => {
      const k = `${users.strings[sorted.acc[i]!]}->${users.strings[sorted.acc[j]!]}`;
      // distinct messages: a message with two URLs shared with the same user counts once
      const m = `${messages[sorted.post[i]!]!.message_id}\u0000${k}`;
      if (seen.has(m)) return;
      seen.add(m);
      directed.set(k, (directed.get(k) ?? 0) + 1);
    },
    { pairEvents: 0, crowded: 0 },
    { selfPairs: true },
  );
  const edges = new Map<string, number>();
  const nodes = new Set<string>();
  for (const [k, w] of directed) {
    if (w < (opts.minEdgeWeight ?? 1)) continue;
    const [u1, u2] = k.split('->') as [string, string];
    if (u1 === u2 && !opts.loops) continue;
    edges.set(k, w);
    nodes.add(u1).add(u2);
  }
  return { edges, nodes };
}
