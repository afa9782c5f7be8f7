import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import { explorerStateKey } from '../explorerState';
import { ChartFrame } from './ChartFrame';
import { plotlyText } from './plotlyText';
import { useChartData } from './queries';
import { repeatedTexts } from './textAndPairs';

/**
 * Repeated texts (chart_data text_count): the texts posted more than once under the filters, most first, the
 * copy-paste signal; hover shows the whole text, a click searches the posts for it.
 */
export default function RepeatedTextsPanel({ conversationId, filters }: PanelProps) {
  const { services } = useWorkbench();
  const answer = useChartData(conversationId, filters, 'text_count', { topN: 10 });
  const bars = repeatedTexts(answer.data);
  const order = [...bars].reverse();
  const search = (text: string) => services.get(explorerStateKey).setSearch(text);
  return (
    <ChartFrame
      loading={answer.isLoading}
      empty={bars.length === 0}
      label="Repeated texts"
      itemAction="Search posts for"
      items={bars.map((b) => ({ key: b.text, label: b.text, value: b.count }))}
      onPick={search}
      plot={{
        data: [{
          type: 'bar' as const, orientation: 'h' as const, name: 'Posts', marker: { color: order.map((b) => b.colour) },
          y: order.map((b) => plotlyText(b.label)), x: order.map((b) => b.count), customdata: order.map((b) => b.text),
          hovertext: order.map((b) => plotlyText(b.text)), hovertemplate: '%{hovertext}<br>posted %{x} times<extra></extra>',
        }],
        layout: { showlegend: false, yaxis: { automargin: true, tickfont: { size: 11 } }, xaxis: { automargin: true, tickformat: 'd', nticks: 4 }, margin: { l: 8, r: 12, t: 8, b: 8 } },
        onClick: (e) => {
          const text = e.points[0]?.customdata;
          if (typeof text === 'string') search(text);
        },
      }}
    />
  );
}
