/**
 * Path prefixes a plugin claims, e.g. `/api/v2/coordinations` or `/api/v2/conversations/:id/raw_data`.
 * A segment starting with ':' matches any one segment. A route belongs to the plugin whose matching prefix is the
 * most specific (most segments, then fewest parameters), so the posts plugin can own
 * `/api/v2/conversations/:id/raw_data` inside the conversations plugin's `/api/v2/conversations`.
 */
export interface PrefixClaim {
  owner: string;
  prefix: string;
}

const segments = (p: string) => p.split('/').filter(Boolean);

/** The prefix covers the path when each of its segments equals (or, for `:param`, stands for) the path's. */
export function prefixCovers(prefix: string, path: string): boolean {
  const want = segments(prefix);
  const have = segments(path);
  if (want.length > have.length) return false;
  return want.every((w, i) => w.startsWith(':') || have[i]!.startsWith(':') ? true : w === have[i]);
}

function specificity(prefix: string): [number, number] {
  const s = segments(prefix);
  return [s.length, -s.filter((x) => x.startsWith(':')).length];
}

/** The claim that owns `path`, or null when no plugin claims it. */
export function ownerOfPath(path: string, claims: readonly PrefixClaim[]): PrefixClaim | null {
  let best: PrefixClaim | null = null;
  for (const c of claims) {
    if (!prefixCovers(c.prefix, path)) continue;
    if (!best) { best = c; continue; }
    const [a1, a2] = specificity(c.prefix);
    const [b1, b2] = specificity(best.prefix);
    if (a1 > b1 || (a1 === b1 && a2 > b2)) best = c;
  }
  return best;
}

/** Two claims of the same path shape by different plugins can never be told apart. */
export function ambiguousClaims(claims: readonly PrefixClaim[]): string[] {
  const shape = (p: string) => segments(p).map((s) => (s.startsWith(':') ? ':' : s)).join('/');
  const seen = new Map<string, PrefixClaim>();
  const problems: string[] = [];
  for (const c of claims) {
    const other = seen.get(shape(c.prefix));
    if (other && other.owner !== c.owner) problems.push(`prefix '${c.prefix}' is claimed by both '${other.owner}' and '${c.owner}'`);
    seen.set(shape(c.prefix), c);
  }
  return problems;
}
