import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import { ChartFrame } from './ChartFrame';
import { pickRange } from './applyFilter';
import { overTimeBuckets, timeSeries } from './chartData';
import { plotlyText } from './plotlyText';
import { useChartData } from './queries';

/**
 * Post count over time, one line per busy platform and one for the rest ("Other"), from one chart_data call (the server picks the bucket size from the
 * selected posts' span); a click narrows the date range to that time bucket.
 */
export default function PostsOverTimePanel({ conversationId, filters }: PanelProps) {
  const { services } = useWorkbench();
  const overTime = useChartData(conversationId, filters, 'post_count_over_time');
  const buckets = overTimeBuckets(overTime.data);
  const series = timeSeries(overTime.data);
  const pickBucket = (start: string) => {
    const bucket = buckets.find((b) => b.start === start);
    if (bucket) pickRange(services, filters, bucket.start, bucket.end);
  };
  return (
    <ChartFrame
      loading={overTime.isLoading}
      empty={series.length === 0}
      label="Posts over time"
      itemAction="Show posts from"
      items={buckets.map((b) => ({ key: b.start, label: b.start.replace('T', ' ').replace(':00Z', ' UTC'), value: b.total }))}
      onPick={pickBucket}
      plot={{
        data: series.map((s) => ({
          type: 'scatter' as const, mode: 'lines' as const, name: plotlyText(s.label), x: s.x, y: s.y, line: { color: s.colour, width: 2 },
          hovertemplate: `${plotlyText(s.hover).replace(/%/g, '&#37;')}: %{y} posts<extra>%{x}</extra>`,
        })),
        layout: { xaxis: { type: 'date', automargin: true }, yaxis: { automargin: true, rangemode: 'tozero' }, hovermode: 'x unified', legend: { orientation: 'v', x: 1.01, y: 1 } },
        onClick: (e) => {
          const x = e.points[0]?.x;
          if (x !== undefined && x !== null) pickBucket(new Date(String(x).replace(' ', 'T') + (String(x).endsWith('Z') ? '' : 'Z')).toISOString().replace('.000Z', 'Z'));
        },
      }}
    />
  );
}
