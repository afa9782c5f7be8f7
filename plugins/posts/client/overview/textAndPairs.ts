import { categoricalColour } from '@core/shared/palette';
import { displayPlatform } from '@core/shared/platforms';
import type { ChartData } from '../../shared/explorerApi';
import { shortLabel } from './chartData';

const quiet = () => undefined;

/** The repeated texts bars (chart_data text_count): texts posted more than once, most first, labels cut to fit. */
export function repeatedTexts(answer: ChartData<'text_count'> | null | undefined) {
  return (answer ?? []).filter((t) => t.count > 1).map((t, rank) => ({ text: t.text, label: shortLabel(t.text, 24), count: t.count, colour: categoricalColour(rank) }));
}

/**
 * The two narratives of a narrative_pair_activity answer, each with its posts per day (the chart's lines), its
 * platforms and top creator: when each was active and who carried it.
 */
export function narrativePair(answer: ChartData<'narrative_pair_activity'> | null | undefined) {
  const rows = answer ?? [];
  const ids = [...new Set(rows.map((r) => r.entity_rid))];
  const days = [...new Set(rows.map((r) => r.published_at.slice(0, 10)))].sort();
  return ids.map((id, rank) => {
    const own = rows.filter((r) => r.entity_rid === id);
    const perDay = new Map<string, number>();
    for (const r of own) perDay.set(r.published_at.slice(0, 10), (perDay.get(r.published_at.slice(0, 10)) ?? 0) + 1);
    const creators = new Map<string, number>();
    for (const r of own) if (r.creator) creators.set(r.creator, (creators.get(r.creator) ?? 0) + 1);
    const topCreator = [...creators].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? null;
    return {
      id, title: own.find((r) => r.labels[0])?.labels[0] ?? id, colour: categoricalColour(rank), posts: own.length,
      platforms: [...new Set(own.map((r) => displayPlatform(r.class, quiet).label))].sort(), topCreator,
      x: days, y: days.map((d) => perDay.get(d) ?? 0),
    };
  });
}
