import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import { useFilterCounts } from '../api';
import { ChartFrame } from './ChartFrame';
import { pickValue } from './applyFilter';
import { platformBars } from './chartData';
import { plotlyText } from './plotlyText';

/** Posts per platform (the data source breakdown); a click keeps that platform only. */
export default function PlatformBreakdownPanel({ conversationId, filters }: PanelProps) {
  const { services } = useWorkbench();
  const counts = useFilterCounts(conversationId, filters);
  const bars = platformBars(counts.data ?? null);
  return (
    <ChartFrame
      loading={counts.isLoading}
      empty={bars.length === 0}
      label="Posts by platform"
      itemAction="Filter by platform"
      items={bars}
      onPick={(key) => pickValue(services, filters, 'platforms', key)}
      plot={{
        data: [{
          type: 'pie', hole: 0.45, labels: bars.map((b) => plotlyText(b.label)), values: bars.map((b) => b.value),
          customdata: bars.map((b) => b.key), marker: { colors: bars.map((b) => b.colour) }, sort: false,
          hovertemplate: '%{label}: %{value} posts (%{percent})<extra></extra>',
        }],
        layout: {},
        onClick: (e) => {
          const key = e.points[0]?.customdata;
          if (typeof key === 'string') pickValue(services, filters, 'platforms', key);
        },
      }}
    />
  );
}
