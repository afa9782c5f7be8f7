/** Negative binomial (gamma-Poisson) probabilities shared by the unusual-change models. */

export function logGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9), accurate to ~1e-15 for x > 0.
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** log P(X = k) of a negative binomial with size r and mean m (r = Infinity: Poisson). */
export function logPmf(k: number, m: number, r: number): number {
  if (m <= 0) return k === 0 ? 0 : -Infinity;
  if (!Number.isFinite(r)) return k * Math.log(m) - m - logGamma(k + 1);
  const p = r / (r + m);
  return logGamma(k + r) - logGamma(r) - logGamma(k + 1) + r * Math.log(p) + k * Math.log(1 - p);
}

/** P(X <= k), summed term by term (k is a post count: a few thousand terms at most). */
export function cdf(k: number, m: number, r: number): number {
  let sum = 0;
  for (let i = 0; i <= k; i++) sum += Math.exp(logPmf(i, m, r));
  return Math.min(1, sum);
}

/** P(X >= k). */
export function upperTail(k: number, m: number, r: number): number {
  if (k <= 0) return 1;
  return Math.max(0, 1 - cdf(k - 1, m, r));
}

/**
 * Sum of P(X = i) from `from` on in steps of `step` (+1 or -1, down to 0), stopped once the terms fall and are
 * negligible: from the far side of the mode the terms only fall, so a tail costs a few standard deviations' terms,
 * not `from` of them (a day of 50,000 new posts).
 */
function sumFrom(from: number, step: 1 | -1, m: number, r: number): number {
  let sum = 0;
  let last = Infinity;
  for (let i = from; i >= 0; i += step) {
    const term = Math.exp(logPmf(i, m, r));
    sum += term;
    if (term < last && term <= sum * 1e-17) break;
    last = term;
  }
  return sum;
}

/** The mode of the negative binomial (Poisson when r = Infinity): the terms rise up to it and fall after it. */
const modeOf = (m: number, r: number) => Math.floor(Number.isFinite(r) ? (r > 1 ? ((r - 1) * m) / r : 0) : m);

/** P(X >= k), summed from k on the side away from the mode (as precise as the terms, however small the tail). */
export function upperTailSum(k: number, m: number, r: number): number {
  if (k <= 0) return 1;
  return k > modeOf(m, r) ? Math.min(1, sumFrom(k, 1, m, r)) : Math.max(0, 1 - sumFrom(k - 1, -1, m, r));
}

/** P(X <= k), likewise. */
export function cdfSum(k: number, m: number, r: number): number {
  if (k < 0) return 0;
  return k < modeOf(m, r) ? Math.min(1, sumFrom(k, -1, m, r)) : Math.max(0, 1 - sumFrom(k + 1, 1, m, r));
}
