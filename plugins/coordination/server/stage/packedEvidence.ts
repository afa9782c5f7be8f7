import { EVIDENCE_TYPES, type EvidenceType } from '../../shared/types';
import type { EvidenceSink } from '../engine/report';
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
 * Builds the columns from the samples as the engine hands them over (`EvidenceSink`: the stage's worker, so no
 * object per sample is kept) or as `packEvidence` reads them from a result.
 */
export class EvidenceColumns implements EvidenceSink {
  private out: PackedEvidence = emptyEvidence(0);
  /** (key id * 8 + type index) -> index into `keys`: each distinct key's text is made once */
  private readonly keyIds = new Map<number, number>();
  private keyText: (typeIndex: number, keyId: number) => string = () => '';
  private r = 0;
  private lastEdge = 0;
  private seq = 0;

  begin(samples: number, keyText: (typeIndex: number, keyId: number) => string): void {
    this.out = emptyEvidence(samples);
    this.keyIds.clear();
    this.keyText = keyText;
    this.r = 0; this.lastEdge = 0; this.seq = 0;
  }

  add(edge: number, typeIndex: number, keyId: number, postI: number, postJ: number, timeI: number, timeJ: number): void {
    const out = this.out, r = this.r++;
    if (edge !== this.lastEdge) { this.lastEdge = edge; this.seq = 0; }
    const slot = keyId * 8 + typeIndex;
    let k = this.keyIds.get(slot);
    if (k === undefined) { k = out.keys.length; this.keyIds.set(slot, k); out.keys.push(this.keyText(typeIndex, keyId)); }
    out.edge[r] = edge; out.seq[r] = this.seq++; out.type[r] = typeIndex; out.key[r] = k;
    out.postI[r] = postI; out.postJ[r] = postJ;
    out.timeI[r] = timeI; out.timeJ[r] = timeJ;
    out.delta[r] = Number.isNaN(timeI) || Number.isNaN(timeJ) ? NaN : Math.abs(timeJ - timeI);
  }

  done(): PackedEvidence {
    if (this.r !== this.out.n) throw new Error(`evidence columns: ${this.r} samples added, ${this.out.n} announced`);
    // `keyText` is the engine's closure: kept, it would keep the whole detection's working set alive through the
    // worker's last collection and its answer (at 5M posts about 700 MB more at the stage's peak)
    this.keyText = () => '';
    this.keyIds.clear();
    return this.out;
  }
}

function emptyEvidence(n: number): PackedEvidence {
  return {
    n, edge: new Int32Array(n), seq: new Int32Array(n), type: new Uint8Array(n), key: new Int32Array(n),
    postI: new Float64Array(n), postJ: new Float64Array(n), timeI: new Float64Array(n), timeJ: new Float64Array(n),
    delta: new Float64Array(n), keys: [],
  };
}

/**
 * Moves the samples out of `result` into columns: the result's evidence lists keep their types, co-actions and
 * weights, with empty `samples` (what the engine leaves when it is given an `EvidenceColumns` instead).
 */
export function packEvidence(result: CoordinationResult): PackedEvidence {
  let n = 0;
  for (const c of result.clusters) for (const e of c.edges) for (const x of e.evidence) n += x.samples.length;
  // the samples' keys numbered in order of appearance, as the columns number them
  const keys: string[] = [];
  const keyIds = new Map<string, number>();
  const columns = new EvidenceColumns();
  columns.begin(n, (_, keyId) => keys[keyId]!);
  const number = (id: string | null) => (id === null ? NaN : Number(id));
  let edge = 0;
  for (const c of result.clusters) {
    for (const e of c.edges) {
      edge += 1;
      for (const x of e.evidence) {
        const ti = TYPE_INDEX.get(x.type)!;
        for (const s of x.samples) {
          let keyId = keyIds.get(s.key);
          if (keyId === undefined) { keyId = keys.length; keyIds.set(s.key, keyId); keys.push(s.key); }
          columns.add(edge, ti, keyId, number(s.post_i), number(s.post_j), nanOf(s.time_i), nanOf(s.time_j));
        }
        x.samples = [];
      }
    }
  }
  return columns.done();
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
