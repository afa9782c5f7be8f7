import createPlotlyComponent from 'react-plotly.js/factory';
import Plotly from 'plotly.js-basic-dist-min';
import type { DateRange } from '../shared/api';
import { compact, pointLabel } from './format';

// The basic bundle: this module is only reached through React.lazy, so Plotly loads with the first card's chart.
const Plot = createPlotlyComponent(Plotly);

/** Hover text of a point: its volume against the average of the points shown (spec part 2 section 9). */
export function hoverTexts(volumes: readonly number[]): string[] {
  const average = volumes.length ? volumes.reduce((a, b) => a + b, 0) / volumes.length : 0;
  return volumes.map((v) => {
    if (average === 0) return `${compact(v)} posts`;
    const change = Math.round((100 * (v - average)) / average);
    return `${compact(v)} posts, ${change === 0 ? 'the average' : `${Math.abs(change)}% ${change > 0 ? 'above' : 'below'} the average`} of the ${volumes.length} shown`;
  });
}

/** Three axis ticks (first, middle, last point): labels stay far apart on a narrow card. */
export function tickIndexes(n: number): number[] {
  if (n <= 3) return Array.from({ length: n }, (_, i) => i);
  return [0, Math.floor((n - 1) / 2), n - 1];
}

/** A theme's volume over the range, one point per day (per hour for Past Day). */
export default function VolumeChart({ history, range }: { history: ReadonlyArray<{ date: string; volume: number }>; range: DateRange }) {
  const labels = history.map((p) => pointLabel(p.date, range));
  const ticks = tickIndexes(history.length);
  return (
    <Plot
      data={[{
        type: 'scatter', mode: 'lines', fill: 'tozeroy', x: history.map((p) => p.date), y: history.map((p) => p.volume),
        text: hoverTexts(history.map((p) => p.volume)), customdata: labels, hovertemplate: '%{customdata}<br>%{text}<extra></extra>',
      }]}
      layout={{
        autosize: true, height: 140, margin: { l: 36, r: 8, t: 8, b: 28 }, showlegend: false,
        xaxis: { tickmode: 'array', tickvals: ticks.map((i) => history[i]!.date), ticktext: ticks.map((i) => labels[i]!), fixedrange: true },
        yaxis: { nticks: 3, fixedrange: true, rangemode: 'tozero' },
      }}
      config={{ displaylogo: false, displayModeBar: false, responsive: true }}
      useResizeHandler
      style={{ width: '100%' }}
    />
  );
}
