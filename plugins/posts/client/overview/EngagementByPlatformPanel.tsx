import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import { ChartFrame } from './ChartFrame';
import { pickValue } from './applyFilter';
import { engagementSeries, engagementTop } from './chartData';
import { plotlyText } from './plotlyText';
import { useChartData } from './queries';

/** Low / medium / high engagement posts per platform, stacked (one chart_data call); a click keeps that engagement level. */
export default function EngagementByPlatformPanel({ conversationId, filters }: PanelProps) {
  const { services } = useWorkbench();
  const engagement = useChartData(conversationId, filters, 'platform_engagement');
  const series = engagementSeries(engagement.data);
  // The chart draws the busiest platforms and "Other" (the data list below keeps every platform).
  const drawn = engagementSeries(engagementTop(engagement.data));
  const platforms = series[0]?.platforms ?? [];
  return (
    <ChartFrame
      loading={engagement.isLoading}
      empty={platforms.length === 0}
      label="Engagement by platform"
      itemAction="Filter by engagement"
      items={series.flatMap((s) => s.platforms.map((p, i) => ({ key: s.level, label: s.label, detail: `on ${p.label}`, value: s.values[i]! })))}
      onPick={(level) => pickValue(services, filters, 'engagement_score', level)}
      plot={{
        data: drawn.map((s) => ({
          type: 'bar' as const, name: s.label, x: s.platforms.map((p) => plotlyText(p.label)), y: s.values,
          customdata: s.platforms.map(() => s.level), marker: { color: s.colour },
          hovertemplate: `%{x}: %{y} ${s.label.toLowerCase()} engagement posts<extra></extra>`,
        })),
        layout: { barmode: 'stack', xaxis: { automargin: true, tickangle: 0 }, yaxis: { automargin: true, nticks: 4 }, legend: { orientation: 'v', x: 1.01, y: 1 } },
        onClick: (e) => {
          const level = e.points[0]?.customdata;
          if (typeof level === 'string') pickValue(services, filters, 'engagement_score', level);
        },
      }}
    />
  );
}
