import { EVIDENCE_TYPES, type EvidenceType } from '../../shared/types';
import type { CoordinationResult } from '../engine/types';

/**
 * The proving co-actions of a result's edges as the rows of `coordination_evidence`, in columns: what the stage's
 * worker answers instead of one object per sample (566k at 1M posts), so the answer crosses the thread boundary as a
 * few typed arrays and one table of keys instead of an object graph cloned, rebuilt and collected (ADR 0016). Edges
 * are numbered 1.. in cluster order, as `writeRun` numbers them; `seq` counts a row within its edge. Missing values
 * (a sample without a post or a time) are NaN.
 */
export interface PackedEvidence {
  n: number;
  edge: Int32Array;
  seq: Int32Array;
  /** index into EVIDENCE_TYPES */
  type: Uint8Array;
  /** index into `keys` */
  key: Int32Array;
  postI: Float64Array;
  postJ: Float64Array;
  timeI: Float64Array;
  timeJ: Float64Array;
  delta: Float64Array;
  keys: string[];
}

export type EvidenceCell = string | number | null;

const TYPE_INDEX = new Map<EvidenceType, number>(EVIDENCE_TYPES.map((t, i) => [t, i]));
const nanOf = (v: number | null) => (v === null ? NaN : v);

/**
 * Moves the samples out of `result` into columns: the result's evidence lists keep their types, co-actions and
 * weights, with empty `samples`.
 */
export function packEvidence(result: CoordinationResult): PackedEvidence {
  let n = 0;
  for (const c of result.clusters) for (const e of c.edges) for (const x of e.evidence) n += x.samples.length;
  const out: PackedEvidence = {
    n, edge: new Int32Array(n), seq: new Int32Array(n), type: new Uint8Array(n), key: new Int32Array(n),
    postI: new Float64Array(n), postJ: new Float64Array(n), timeI: new Float64Array(n), timeJ: new Float64Array(n),
    delta: new Float64Array(n), keys: [],
  };
  const keyIds = new Map<string, number>();
  let r = 0, edgeId = 0;
  for (const c of result.clusters) {
    for (const e of c.edges) {
      edgeId += 1;
      let seq = 0;
      for (const x of e.evidence) {
        const ti = TYPE_INDEX.get(x.type)!;
        for (const s of x.samples) {
          let k = keyIds.get(s.key);
          if (k === undefined) { k = out.keys.length; keyIds.set(s.key, k); out.keys.push(s.key); }
          out.edge[r] = edgeId; out.seq[r] = seq++; out.type[r] = ti; out.key[r] = k;
          out.postI[r] = s.post_i === null ? NaN : Number(s.post_i);
          out.postJ[r] = s.post_j === null ? NaN : Number(s.post_j);
          out.timeI[r] = nanOf(s.time_i); out.timeJ[r] = nanOf(s.time_j); out.delta[r] = nanOf(s.delta_ms);
          r++;
        }
        x.samples = [];
      }
    }
  }
  return out;
}

const iso = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : null);
const orNull = (v: number) => (Number.isNaN(v) ? null : v);

/** The rows of `coordination_evidence` (edge_id, seq, type, key, post_i, post_j, time_i, time_j, delta_ms). */
export function* packedEvidenceRows(p: PackedEvidence): Generator<EvidenceCell[]> {
  for (let r = 0; r < p.n; r++) {
    yield [
      p.edge[r]!, p.seq[r]!, EVIDENCE_TYPES[p.type[r]!]!, p.keys[p.key[r]!]!, orNull(p.postI[r]!), orNull(p.postJ[r]!),
      iso(p.timeI[r]!), iso(p.timeJ[r]!), orNull(p.delta[r]!),
    ];
  }
}
