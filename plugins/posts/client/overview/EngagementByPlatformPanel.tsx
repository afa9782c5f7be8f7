import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import { ChartFrame } from './ChartFrame';
import { pickValue } from './applyFilter';
import { engagementSeries } from './chartData';
import { plotlyText } from './plotlyText';
import { useChartData } from './queries';

/** Low / medium / high engagement posts per platform, stacked (one chart_data call); a click keeps that engagement level. */
export default function EngagementByPlatformPanel({ conversationId, filters }: PanelProps) {
  const { services } = useWorkbench();
  const engagement = useChartData(conversationId, filters, 'platform_engagement');
  const series = engagementSeries(engagement.data);
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
        data: series.map((s) => ({
          type: 'bar' as const, name: s.label, x: s.platforms.map((p) => plotlyText(p.label)), y: s.values,
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
