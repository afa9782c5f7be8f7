/** Small numerical helpers for the chance model. */

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * P(X >= k) for X ~ Poisson(mean), k a real number (rounded down to a whole count). Exact summation of the upper
 * tail when k > mean (the terms shrink geometrically), 1 - lower tail otherwise.
 */
export function poissonUpperTail(k: number, mean: number): number {
  const n = Math.floor(k);
  if (n <= 0) return 1;
  if (mean <= 0) return 0;
  if (n <= mean) {
    let term = Math.exp(-mean), sum = 0;
    for (let i = 0; i < n; i++) { sum += term; term *= mean / (i + 1); }
    return Math.max(0, 1 - sum);
  }
  let term = Math.exp(-mean + n * Math.log(mean) - logGamma(n + 1));
  let sum = 0;
  for (let i = n; term > sum * 1e-12 && i < n + 10_000; i++) { sum += term; term *= mean / (i + 1); }
  return Math.min(1, sum);
}

/** P(X >= k) for X ~ Binomial(n, p), by summing the upper tail's terms (n is small: an account's bursts). */
export function binomialUpperTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  const lnC = (j: number) => logGamma(n + 1) - logGamma(j + 1) - logGamma(n - j + 1);
  let sum = 0;
  for (let j = k; j <= n; j++) sum += Math.exp(lnC(j) + j * Math.log(p) + (n - j) * Math.log1p(-p));
  return Math.min(1, sum);
}
