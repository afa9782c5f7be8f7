import { Suspense, lazy } from 'react';
import { Text } from '@fluentui/react-components';
import type { Criterion, Preview } from '../shared/api';
import { describeCriterion } from './describeCriterion';

// Plotly is large: loaded only when a preview is shown (as the metrics panel loads it).
const Plot = lazy(() => import('./Plot'));

interface Props { preview: Preview; criteria: readonly Criterion[] }

/**
 * The preview as a chart: each criterion's series over the conversation's runs and a marker on every run where that
 * criterion fired. The list of firings under it (RuleDialog) is the text alternative, so the chart itself is one
 * labelled figure.
 */
export default function PreviewChart({ preview, criteria }: Props) {
  const lines = preview.series.map((s, i) => ({
    type: 'scatter' as const, mode: 'lines' as const, name: `${i + 1}: ${criteria[i] ? describeCriterion(criteria[i]) : ''}`,
    x: s.points.map((p) => p.timestamp), y: s.points.map((p) => p.value),
  }));
  const markers = preview.series.map((_, i) => {
    const fired = preview.firings.filter((f) => f.criteria[i]?.fired);
    return {
      type: 'scatter' as const, mode: 'markers' as const, name: `${i + 1}: fired`, marker: { size: 11, symbol: 'diamond' },
      x: fired.map((f) => f.timestamp), y: fired.map((f) => f.criteria[i]!.actual ?? null),
      text: fired.map((f) => f.message), hoverinfo: 'text' as const,
    };
  });
  return (
    <div role="figure" aria-label={`Preview chart: the rule's series over ${preview.points} runs, ${preview.firings.length} firings marked`}
      style={{ height: 220 }}>
      <Suspense fallback={<Text>Loading chart…</Text>}>
        <Plot
          data={[...lines, ...markers]}
          layout={{ autosize: true, margin: { l: 40, r: 10, t: 10, b: 40 }, yaxis: { rangemode: 'tozero' }, showlegend: true, legend: { orientation: 'h' } }}
          config={{ displaylogo: false, responsive: true }}
          useResizeHandler style={{ width: '100%', height: '100%' }}
        />
      </Suspense>
    </div>
  );
}
