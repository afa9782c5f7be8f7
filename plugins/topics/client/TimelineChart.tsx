import createPlotlyComponent from 'react-plotly.js/factory';
import Plotly from 'plotly.js-basic-dist-min';
import { timelineTraces, type TimelineSeries } from './timeline';

// The basic bundle (bar, scatter, pie): this module is only reached through React.lazy, so Plotly loads with the chart.
const Plot = createPlotlyComponent(Plotly);

/** Up to this many lines get a legend; more would crowd a pane (ADR 0012): hover and the table below name them. */
const LEGEND_MAX = 3;

/** Lines of posts per day, one per topic. The legend shows even for one line (Plotly hides it then): filtered to one
 * narrative, it is the only place the chart says which. */
export default function TimelineChart({ series }: { series: TimelineSeries[] }) {
  return (
    <Plot
      data={timelineTraces(series)}
      layout={{ autosize: true, margin: { l: 40, r: 10, t: 10, b: 30 }, showlegend: series.length <= LEGEND_MAX, legend: { orientation: 'h', y: -0.25 }, xaxis: { automargin: true, nticks: 6 }, yaxis: { title: { text: 'Posts' }, automargin: true, nticks: 4 } }}
      config={{ displaylogo: false, responsive: true }}
      useResizeHandler
      style={{ width: '100%', height: '100%' }}
    />
  );
}
