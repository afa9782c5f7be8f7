import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import { useFilterCounts } from '../api';
import { ChartFrame } from './ChartFrame';
import { pickBoolean, pickValue } from './applyFilter';
import { sentimentBars, threatBars } from './chartData';

/** Sentiment and threatening-language counts side by side; a click filters by that sentiment or threat flag. */
export default function SentimentThreatPanel({ conversationId, filters }: PanelProps) {
  const { services } = useWorkbench();
  const counts = useFilterCounts(conversationId, filters);
  const sentiments = sentimentBars(counts.data ?? null);
  const threats = threatBars(counts.data ?? null);
  const pick = (key: string) => {
    if (key.startsWith('threat:')) pickBoolean(services, filters, 'contains_threatening_language', key === 'threat:true');
    else pickValue(services, filters, 'sentiments', key.slice('sentiment:'.length));
  };
  return (
    <ChartFrame
      loading={counts.isLoading}
      empty={(counts.data?.total ?? 0) === 0}
      label="Posts by sentiment and threat"
      itemAction="Filter by"
      items={[
        ...sentiments.map((b) => ({ key: `sentiment:${b.key}`, label: b.label, value: b.value, detail: 'sentiment' })),
        ...threats.map((b) => ({ key: `threat:${b.key}`, label: b.label, value: b.value })),
      ]}
      onPick={pick}
      plot={{
        data: [
          {
            type: 'bar', name: 'Sentiment', x: sentiments.map((b) => b.label), y: sentiments.map((b) => b.value),
            customdata: sentiments.map((b) => `sentiment:${b.key}`), marker: { color: sentiments.map((b) => b.colour) },
            hovertemplate: '%{x}: %{y} posts<extra></extra>',
          },
          {
            type: 'bar', name: 'Threats', x: threats.map((b) => b.label), y: threats.map((b) => b.value), xaxis: 'x2', yaxis: 'y2',
            customdata: threats.map((b) => `threat:${b.key}`), marker: { color: threats.map((b) => b.colour) },
            hovertemplate: '%{x}: %{y} posts<extra></extra>',
          },
        ],
        layout: { grid: { rows: 1, columns: 2, pattern: 'independent' }, showlegend: false },
        onClick: (e) => {
          const key = e.points[0]?.customdata;
          if (typeof key === 'string') pick(key);
        },
      }}
    />
  );
}
