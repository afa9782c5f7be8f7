/**
 * What the radar.themes stage keeps per run so that an assessment reads O(days) rows per theme instead of the
 * theme's posts (ADR 0010, "Aggregates"): per (theme, day) the strongest posts, per (theme, hour) the cues found.
 */

/** Candidates kept per (theme, day): as many as an assessment reads before it drops reposts of one text. */
export const TOP_PER_DAY = 30;

/** A themed post as the representative posts rank it: strongest score, then newest, then lowest id. */
export type Candidate = [postId: number, score: number, publishedAt: string];

export const byStrength = (a: Candidate, b: Candidate) => b[1] - a[1] || (a[2] < b[2] ? 1 : a[2] > b[2] ? -1 : 0) || a[0] - b[0];

/** A candidate with the run it came from (the home view reads several runs). */
export interface RankedPost { postId: number; score: number; publishedAt: string; runId: string }

const rankOrder = (a: RankedPost, b: RankedPost) => byStrength([a.postId, a.score, a.publishedAt], [b.postId, b.score, b.publishedAt]) || (a.runId < b.runId ? -1 : a.runId > b.runId ? 1 : 0);

/** The `limit` strongest of `candidates` (sorted), one entry per post (a post two runs share is one). */
export function strongest(candidates: Iterable<RankedPost>, limit: number): RankedPost[] {
  const best = new Map<number, RankedPost>();
  for (const c of candidates) {
    const seen = best.get(c.postId);
    if (!seen || rankOrder(c, seen) < 0) best.set(c.postId, c);
  }
  return [...best.values()].sort(rankOrder).slice(0, limit);
}

const dayOf = (iso: string) => iso.slice(0, 10);
const hourOf = (iso: string) => iso.slice(0, 13);

/** Collects a run's themed posts, in any order, into its day and hour aggregates. */
export class RunAggregator {
  private readonly days = new Map<string, Candidate[]>();
  private readonly cues = new Map<string, Map<string, number>>();

  add(theme: string, postId: number, score: number, publishedAt: string, cues: readonly string[]): void {
    const dayKey = `${theme}\u0000${dayOf(publishedAt)}`;
    let list = this.days.get(dayKey);
    if (!list) this.days.set(dayKey, (list = []));
    list.push([postId, score, publishedAt]);
    // Bounded memory on a busy day: cut back to the strongest once the list doubles.
    if (list.length >= 2 * TOP_PER_DAY) this.days.set(dayKey, list.sort(byStrength).slice(0, TOP_PER_DAY));
    const hourKey = `${theme}\u0000${hourOf(publishedAt)}`;
    let counts = this.cues.get(hourKey);
    if (!counts) this.cues.set(hourKey, (counts = new Map()));
    for (const cue of new Set(cues)) counts.set(cue, (counts.get(cue) ?? 0) + 1);
  }

  /** radar_run_days rows: the day's strongest posts as JSON `[[post_id, score, published_at], ...]`. */
  dayRows(runId: string): Array<{ run_id: string; theme: string; day: string; top_posts: string }> {
    return [...this.days].map(([key, list]) => {
      const [theme, day] = key.split('\u0000') as [string, string];
      return { run_id: runId, theme, day, top_posts: JSON.stringify(list.sort(byStrength).slice(0, TOP_PER_DAY)) };
    });
  }

  /** The cues found per theme and hour, as radar_run_hours.cues JSON (`{ cue: posts }`). */
  hourCues(theme: string, hour: string): string | null {
    const counts = this.cues.get(`${theme}\u0000${hour}`);
    return counts ? JSON.stringify(Object.fromEntries(counts)) : null;
  }
}
