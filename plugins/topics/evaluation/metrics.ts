/**
 * Clustering and topic-quality measures used by the tests and the benchmark.
 *
 * - nmi: normalised mutual information with the arithmetic mean of the entropies (scikit-learn's default).
 * - ari: adjusted Rand index (Hubert & Arabie).
 * - npmi: the c_npmi coherence of gensim / OCTIS (the measure BERTopic reports): for each topic's top words,
 *   the mean over word pairs of NPMI(a, b) = ln(P(a,b) / (P(a) P(b))) / −ln P(a,b), with probabilities over
 *   boolean sliding windows of `window` tokens (10 by default; a text shorter than the window is one window),
 *   ε = 1e-12 added to the joint probability; then the mean over topics.
 * - topicDiversity: unique words among the top-`topk` words of all topics over topk × topics.
 */
export function nmi(a: ArrayLike<string | number>, b: ArrayLike<string | number>): number {
  const { joint, ca, cb, n } = contingency(a, b);
  if (n === 0) return 1;
  let ha = 0;
  let hb = 0;
  let mi = 0;
  for (const v of ca.values()) ha -= (v / n) * Math.log(v / n);
  for (const v of cb.values()) hb -= (v / n) * Math.log(v / n);
  for (const [key, v] of joint) {
    const [x, y] = key.split('\u0000') as [string, string];
    mi += (v / n) * Math.log((n * v) / (ca.get(x)! * cb.get(y)!));
  }
  if (ha === 0 && hb === 0) return 1;
  const denom = (ha + hb) / 2;
  return denom === 0 ? 0 : Math.max(0, mi / denom);
}

export function ari(a: ArrayLike<string | number>, b: ArrayLike<string | number>): number {
  const { joint, ca, cb, n } = contingency(a, b);
  const c2 = (x: number) => (x * (x - 1)) / 2;
  let sumJ = 0;
  let sumA = 0;
  let sumB = 0;
  for (const v of joint.values()) sumJ += c2(v);
  for (const v of ca.values()) sumA += c2(v);
  for (const v of cb.values()) sumB += c2(v);
  const expected = (sumA * sumB) / c2(n);
  const max = (sumA + sumB) / 2;
  return max === expected ? 1 : (sumJ - expected) / (max - expected);
}

function contingency(a: ArrayLike<string | number>, b: ArrayLike<string | number>) {
  if (a.length !== b.length) throw new Error('label arrays differ in length');
  const joint = new Map<string, number>();
  const ca = new Map<string, number>();
  const cb = new Map<string, number>();
  for (let i = 0; i < a.length; i++) {
    const x = String(a[i]);
    const y = String(b[i]);
    ca.set(x, (ca.get(x) ?? 0) + 1);
    cb.set(y, (cb.get(y) ?? 0) + 1);
    const k = `${x}\u0000${y}`;
    joint.set(k, (joint.get(k) ?? 0) + 1);
  }
  return { joint, ca, cb, n: a.length };
}

export function topicDiversity(topics: readonly string[][], topk = 10): number {
  if (topics.length === 0) return 0;
  const words = new Set<string>();
  for (const t of topics) for (const w of t.slice(0, topk)) words.add(w);
  return words.size / (topk * topics.length);
}

/** c_npmi coherence of `topics` (lists of top words) over tokenised `texts`. */
export function npmi(topics: readonly string[][], texts: readonly string[][], opts: { topk?: number; window?: number } = {}): number {
  const topk = opts.topk ?? 10;
  const window = opts.window ?? 10;
  const vocab = new Map<string, number>();
  for (const t of topics) for (const w of t.slice(0, topk)) if (!vocab.has(w)) vocab.set(w, vocab.size);
  const V = vocab.size;
  if (V === 0) return 0;
  const single = new Float64Array(V);
  const pair = new Float64Array(V * V);
  let windows = 0;
  const present: number[] = [];
  for (const text of texts) {
    const ids = text.map((w) => vocab.get(w) ?? -1);
    const span = Math.min(window, ids.length);
    const nWin = Math.max(1, ids.length - window + 1);
    for (let s = 0; s < nWin; s++) {
      present.length = 0;
      for (let i = s; i < s + span; i++) {
        const id = ids[i]!;
        if (id >= 0 && !present.includes(id)) present.push(id);
      }
      for (const x of present) {
        single[x]!++;
        for (const y of present) if (x < y) pair[x * V + y]!++;
      }
      windows++;
    }
  }
  const eps = 1e-12;
  let sum = 0;
  let counted = 0;
  for (const t of topics) {
    const ws = t.slice(0, topk).map((w) => vocab.get(w)!);
    let s = 0;
    let pairs = 0;
    for (let i = 0; i < ws.length; i++) {
      for (let j = i + 1; j < ws.length; j++) {
        const [x, y] = ws[i]! < ws[j]! ? [ws[i]!, ws[j]!] : [ws[j]!, ws[i]!];
        const pxy = pair[x * V + y]! / windows + eps;
        const px = single[x]! / windows;
        const py = single[y]! / windows;
        s += px * py === 0 ? -1 : Math.log(pxy / (px * py)) / -Math.log(pxy);
        pairs++;
      }
    }
    if (pairs) { sum += s / pairs; counted++; }
  }
  return counted ? sum / counted : 0;
}
