import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import type { ListDimension } from '@core/shared/filters';
import { ChartFrame } from './ChartFrame';
import { pickValue } from './applyFilter';
import { plotlyText } from './plotlyText';
import { useChartData } from './queries';
import { narrativePair } from './textAndPairs';

/**
 * Narrative-pair activity (chart_data narrative_pair_activity): the two largest narratives under the filters (filter
 * narratives to two to choose the pair), their posts per day side by side; a click keeps that narrative.
 */
export default function NarrativePairPanel({ conversationId, filters }: PanelProps) {
  const { services } = useWorkbench();
  const answer = useChartData(conversationId, filters, 'narrative_pair_activity');
  const pair = narrativePair(answer.data);
  const keep = (id: string) => pickValue(services, filters, 'narratives' as ListDimension, id);
  return (
    <ChartFrame
      loading={answer.isLoading}
      empty={pair.length === 0}
      label="Narrative pair activity"
      itemAction="Filter by narrative"
      items={pair.map((n) => ({ key: n.id, label: n.title, detail: `(${n.platforms.join(', ')}${n.topCreator ? `; most by ${n.topCreator}` : ''})`, value: n.posts }))}
      onPick={keep}
      plot={{
        data: pair.map((n) => ({
          type: 'scatter' as const, mode: 'lines+markers' as const, name: plotlyText(n.title.length > 32 ? `${n.title.slice(0, 31)}…` : n.title),
          x: n.x, y: n.y, line: { color: n.colour, width: 2 }, customdata: n.x.map(() => n.id),
          hovertemplate: `${plotlyText(n.title).replace(/%/g, '&#37;')}: %{y} posts<extra>%{x}</extra>`,
        })),
        layout: { xaxis: { type: 'date', automargin: true }, yaxis: { automargin: true, rangemode: 'tozero' }, legend: { orientation: 'v', x: 1.01, y: 1 } },
        onClick: (e) => {
          const id = e.points[0]?.customdata;
          if (typeof id === 'string') keep(id);
        },
      }}
    />
  );
}
