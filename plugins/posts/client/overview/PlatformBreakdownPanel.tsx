import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import { useFilterCounts } from '../api';
import { ChartFrame } from './ChartFrame';
import { pickValue } from './applyFilter';
import { OTHER_KEY, platformBars, platformSlices, sliceText } from './chartData';
import { plotlyText } from './plotlyText';

/**
 * Posts per platform (the data source breakdown): the top platforms and "Other" (hover names the rest), percentages
 * only on slices wide enough to hold them, the legend beside the pie; a click keeps that platform only.
 */
export default function PlatformBreakdownPanel({ conversationId, filters }: PanelProps) {
  const { services } = useWorkbench();
  const counts = useFilterCounts(conversationId, filters);
  const bars = platformBars(counts.data ?? null);
  const slices = platformSlices(bars);
  const total = slices.reduce((n, b) => n + b.value, 0);
  const pick = (key: string) => { if (key !== OTHER_KEY) pickValue(services, filters, 'platforms', key); };
  return (
    <ChartFrame
      loading={counts.isLoading}
      empty={bars.length === 0}
      label="Posts by platform"
      itemAction="Filter by platform"
      items={bars}
      onPick={pick}
      plot={(fit) => ({
        data: [{
          type: 'pie', hole: 0.45, labels: slices.map((b) => plotlyText(b.label)), values: slices.map((b) => b.value),
          customdata: slices.map((b) => b.key), marker: { colors: slices.map((b) => b.colour) }, sort: false,
          // Compact (no legend): the platform's name with its share on slices wide enough to hold them.
          text: slices.map((b) => sliceText(b.value, total, fit.compact ? plotlyText(b.label) : null)),
          textinfo: 'text', textposition: 'inside', insidetextorientation: 'horizontal',
          hovertext: slices.map((b) => plotlyText(b.hover)), hovertemplate: '%{hovertext}: %{value} posts (%{percent})<extra></extra>',
        }],
        // The legend beside the pie, scrolling if it must: below it, it squeezed the pie and was cut in short panes.
        layout: { legend: { orientation: 'v', x: 1, y: 0.5, yanchor: 'middle' }, margin: { l: 8, r: 8, t: 8, b: 8 } },
        onClick: (e) => {
          const key = e.points[0]?.customdata;
          if (typeof key === 'string') pick(key);
        },
      })}
    />
  );
}
