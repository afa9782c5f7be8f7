/**
 * The product's one colour palette (spec part 1: "Palette of 13 categorical colours and 12 gradient colours"),
 * used by every chart and graph (Plotly panels, the network navigator). ADR 0012.
 *
 * Categorical: for series, groups and slices in rank order (largest first), so the top-N a pane shows are always
 * the first, most distinct colours. The first seven are Okabe-Ito's colour-blind-safe set; the rest are Tableau
 * colours far from them. Gradient: for ordered values (low to high), viridis in 12 steps, readable in grey scale.
 */
export const CATEGORICAL_COLOURS = [
  '#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442',
  '#9467bd', '#8c564b', '#17becf', '#bcbd22', '#7f7f7f', '#ff9896',
] as const;

export const GRADIENT_COLOURS = [
  '#440154', '#482173', '#433e85', '#38598c', '#2d708e', '#25858e',
  '#1e9b8a', '#2ab07f', '#52c569', '#86d549', '#c2df23', '#fde725',
] as const;

/** The "Other" bucket of a top-N chart: a quiet grey outside the categorical set, so it never reads as a series. */
export const OTHER_COLOUR = '#c8ccd2';

/** Greys for what is not data (graph edges, faded and focused marks): outside both sets, never a series colour. */
export const NEUTRAL_COLOURS = {
  coordinationEdge: '#b0b7c3', evidenceEdge: '#d6dae0', fadedNode: '#e3e6ea', fadedEdge: '#f0f1f3', focusEdge: '#3b4a5a',
} as const;

/** The k-th categorical colour (wraps after 13: charts show at most 12 series plus "Other"). */
export function categoricalColour(k: number): string {
  const n = CATEGORICAL_COLOURS.length;
  return CATEGORICAL_COLOURS[((Math.trunc(k) % n) + n) % n]!;
}

/** The gradient colour of t in [0, 1] (clamped; NaN is the low end). */
export function gradientColour(t: number): string {
  const x = Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0;
  return GRADIENT_COLOURS[Math.round(x * (GRADIENT_COLOURS.length - 1))]!;
}

/**
 * Top-N with "Other": the `limit` largest items and, when more remain, one "Other" item carrying their sum and the
 * names left out (for its hover), so a pane never draws more series, slices or bars than it can label.
 */
export function topWithOther<T>(items: readonly T[], limit: number, valueOf: (item: T) => number): { top: T[]; other: { value: number; count: number; rest: T[] } | null } {
  const sorted = [...items].sort((a, b) => valueOf(b) - valueOf(a));
  if (sorted.length <= limit) return { top: sorted, other: null };
  const keep = Math.max(1, limit - 1);
  const rest = sorted.slice(keep);
  return { top: sorted.slice(0, keep), other: { value: rest.reduce((s, x) => s + valueOf(x), 0), count: rest.length, rest } };
}
