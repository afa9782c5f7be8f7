import { Component, Suspense, lazy, type ReactNode } from 'react';
import { Button, Spinner, Text } from '@fluentui/react-components';
import type { PlotParams } from 'react-plotly.js';

const Plot = lazy(() => import('./Plot'));

/** Keeps a chart's failure (no WebGL, Plotly failed to load) inside its frame; the data list below still works. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() { return { failed: true }; }
  override render() { return this.state.failed ? <Text size={200}>The chart could not be drawn.</Text> : this.props.children; }
}

export interface ChartItem { key: string; label: string; value: number; detail?: string }

/**
 * A Plotly chart (lazy) and, for keyboard and screen-reader users, the same data as a list of buttons: activating
 * one applies the filter a click on the chart applies.
 */
export function ChartFrame(props: {
  loading: boolean;
  empty: boolean;
  plot: Omit<PlotParams, 'style' | 'useResizeHandler'>;
  items: ChartItem[];
  itemAction: string;
  onPick: (key: string) => void;
  /** Label of the data list, e.g. "Posts by platform". */
  label: string;
}) {
  if (props.loading) return <Spinner size="small" label="Loading chart" />;
  if (props.empty) return <Text>No posts match the filters.</Text>;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <div style={{ flex: 1, minHeight: 160 }} aria-hidden>
        <ChartBoundary>
          <Suspense fallback={<Spinner size="tiny" />}>
            <Plot
              {...props.plot}
              layout={{ autosize: true, margin: { l: 48, r: 12, t: 12, b: 48 }, showlegend: true, legend: { orientation: 'h' }, ...(props.plot.layout ?? {}) }}
              config={{ displaylogo: false, responsive: true, ...(props.plot.config ?? {}) }}
              useResizeHandler
              style={{ width: '100%', height: '100%' }}
            />
          </Suspense>
        </ChartBoundary>
      </div>
      <details>
        <summary>Chart data</summary>
        <ul aria-label={props.label} style={{ listStyle: 'none', margin: 0, padding: 4, display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          {props.items.map((item) => (
            <li key={`${item.key}|${item.detail ?? ''}`}>
              <Button size="small" onClick={() => props.onPick(item.key)} aria-label={`${props.itemAction} ${item.label}${item.detail ? ` ${item.detail}` : ''} (${item.value} posts)`}>
                {item.label}{item.detail ? ` ${item.detail}` : ''}: {item.value.toLocaleString('en-US')}
              </Button>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
