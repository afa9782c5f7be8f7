import { categoricalColour } from '@core/shared/palette';
import type { ApiTopic } from '../shared/api';

export interface TimelineSeries { rid: string; name: string; days: string[]; counts: number[] }

/**
 * Plotly draws a subset of HTML in legend and hover text (`<a href>` becomes a link, `<b>`, `<span style>` and
 * entities are interpreted); topic titles come from post text, so they are escaped to show as written.
 */
export const plotlyText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The timeline's Plotly traces: one line per topic, named by its (escaped) title. */
export function timelineTraces(series: readonly TimelineSeries[]) {
  // Palette colours by rank (series come largest first); legend names cut to fit a pane, the hover has the title.
  return series.map((s, k) => ({
    type: 'scatter' as const, mode: 'lines' as const, name: plotlyText(s.name.length > 32 ? `${s.name.slice(0, 31)}…` : s.name), x: s.days, y: s.counts,
    line: { color: categoricalColour(k), width: 2 }, hovertemplate: `${plotlyText(s.name).replace(/%/g, '&#37;')}: %{y} posts<extra>%{x}</extra>`,
  }));
}

/** The UTC day (YYYY-MM-DD) of an ISO timestamp. */
const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/**
 * Volume per topic over time: posts per UTC day for the `limit` largest topics, every series over the same
 * days (from the first to the last day with a post, zeros included) so the lines are comparable.
 */
export function topicTimeline(topics: readonly ApiTopic[], limit: number): TimelineSeries[] {
  const chosen = [...topics].sort((a, b) => b.post_count - a.post_count || a.rid.localeCompare(b.rid)).slice(0, limit);
  const all = chosen.flatMap((t) => t.post_dates.map(dayOf)).sort();
  if (all.length === 0) return [];
  const days: string[] = [];
  for (let d = new Date(`${all[0]}T00:00:00Z`); d.toISOString().slice(0, 10) <= all[all.length - 1]!; d.setUTCDate(d.getUTCDate() + 1)) {
    days.push(d.toISOString().slice(0, 10));
  }
  const index = new Map(days.map((d, i) => [d, i]));
  return chosen.map((t) => {
    const counts = new Array<number>(days.length).fill(0);
    for (const date of t.post_dates) counts[index.get(dayOf(date))!]! += 1;
    return { rid: t.rid, name: t.title ?? (t.ngrams.slice(0, 3).join(' · ') || t.rid), days, counts };
  });
}
