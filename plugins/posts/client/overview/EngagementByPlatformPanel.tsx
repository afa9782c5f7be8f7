import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import { useFilterCounts } from '../api';
import { ChartFrame } from './ChartFrame';
import { pickValue } from './applyFilter';
import { engagementSeries, platformBars } from './chartData';
import { usePerPlatformCounts } from './queries';

/** Low / medium / high engagement posts per platform, stacked; a click keeps that engagement level. */
export default function EngagementByPlatformPanel({ conversationId, filters }: PanelProps) {
  const { services } = useWorkbench();
  const counts = useFilterCounts(conversationId, filters);
  const platforms = platformBars(counts.data ?? null).map((b) => b.key);
  const perPlatform = usePerPlatformCounts(conversationId, filters, platforms);
  const series = engagementSeries(perPlatform.data ?? []);
  return (
    <ChartFrame
      loading={counts.isLoading || (platforms.length > 0 && perPlatform.isLoading)}
      empty={platforms.length === 0}
      label="Engagement by platform"
      itemAction="Filter by engagement"
      items={series.flatMap((s) => s.platforms.map((p, i) => ({ key: s.level, label: s.label, detail: `on ${p.label}`, value: s.values[i]! })))}
      onPick={(level) => pickValue(services, filters, 'engagement_score', level)}
      plot={{
        data: series.map((s) => ({
          type: 'bar' as const, name: s.label, x: s.platforms.map((p) => p.label), y: s.values,
          customdata: s.platforms.map(() => s.level), marker: { color: s.colour },
          hovertemplate: `%{x}: %{y} ${s.label.toLowerCase()} engagement posts<extra></extra>`,
        })),
        layout: { barmode: 'stack' },
        onClick: (e) => {
          const level = e.points[0]?.customdata;
          if (typeof level === 'string') pickValue(services, filters, 'engagement_score', level);
        },
      }}
    />
  );
}
