import { Component, Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Button, Spinner, Text } from '@fluentui/react-components';
import type { PlotParams } from 'react-plotly.js';
import { ChartData } from '@core/client/a11y/ChartData';

const Plot = lazy(() => import('./Plot'));

/** Keeps a chart's failure (no WebGL, Plotly failed to load) inside its frame; the data list below still works. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() { return { failed: true }; }
  override render() { return this.state.failed ? <Text size={200}>The chart could not be drawn.</Text> : this.props.children; }
}

export interface ChartItem { key: string; label: string; value: number; detail?: string }

type PlotSpec = Omit<PlotParams, 'style' | 'useResizeHandler'>;
/** How much room the chart has: a compact chart (a quarter pane at 1280x800) draws no legend; hover names the marks. */
export interface ChartFit { compact: boolean; width: number; height: number }

/** The height Plotly's margins, title room and x tick labels take from a compact chart. */
const PLOT_MARGINS_PX = 60;

/** Below this the legend would take the plot's place or be cut (ADR 0012). */
const COMPACT = { height: 220, width: 380 };

/**
 * A compact chart: no legend, smaller tick labels, and only as many ticks as the room holds (one per 28 px of the
 * plot's height, which is the chart's less about 60 px of margins and tick labels; one per 80 px of width), on every
 * axis of the layout (subplots have xaxis2, yaxis2 ...).
 */
export function compactLayout(layout: Record<string, unknown>, fit: ChartFit): Record<string, unknown> {
  const out: Record<string, unknown> = { ...layout, showlegend: false, font: { size: 10 } };
  const subplots = Math.max(1, Object.keys(layout).filter((k) => /^xaxis\d*$/.test(k)).length);
  for (const axis of new Set(['xaxis', 'yaxis', ...Object.keys(layout).filter((k) => /^[xy]axis\d*$/.test(k))])) {
    const room = axis.startsWith('x') ? fit.width / subplots / 80 : Math.max(0, fit.height - PLOT_MARGINS_PX) / 28;
    out[axis] = { ...(layout[axis] as object | undefined), nticks: Math.max(2, Math.floor(room)), automargin: true };
  }
  return out;
}

/** The chart area's size, followed as the pane is resized. */
function useFit(): [(el: HTMLDivElement | null) => void, ChartFit] {
  // A callback ref: the chart area appears only once the data has loaded, after the first render.
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  useUntabbable(el);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  const measured = size.width > 0;
  return [setEl, { compact: measured && (size.height < COMPACT.height || size.width < COMPACT.width), ...size }];
}

const TABBABLE = 'a[href], area[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/**
 * Takes whatever Plotly draws out of the Tab order: the chart is hidden from assistive technology (its data list is
 * the accessible twin), and a hidden element must not hold focusable ones (WCAG 4.1.2, axe aria-hidden-focus).
 * Plotly redraws its DOM, hence the observer.
 */
function useUntabbable(el: HTMLElement | null) {
  useEffect(() => {
    if (!el || typeof MutationObserver === 'undefined') return;
    const untab = () => el.querySelectorAll(TABBABLE).forEach((n) => n.setAttribute('tabindex', '-1'));
    untab();
    const observer = new MutationObserver(untab);
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [el]);
}

/**
 * A Plotly chart (lazy) and, for keyboard and screen-reader users, the same data in a *Chart data* table
 * (core/client/a11y/ChartData): each row's button applies the filter a click on the chart's mark applies.
 */
export function ChartFrame(props: {
  loading: boolean;
  empty: boolean;
  /** The chart, or a function of the room it has (e.g. slice labels instead of a legend when compact). */
  plot: PlotSpec | ((fit: ChartFit) => PlotSpec);
  items: ChartItem[];
  itemAction: string;
  onPick: (key: string) => void;
  /** Caption of the data table, e.g. "Posts by platform". */
  label: string;
}) {
  const [ref, fit] = useFit();
  if (props.loading) return <Spinner size="small" label="Loading chart" />;
  if (props.empty) return <Text>No posts match the filters.</Text>;
  const plot = typeof props.plot === 'function' ? props.plot(fit) : props.plot;
  // The chart takes the room the pane has (never more: a fixed minimum pushed axes and legends out of short panes).
  const base: Record<string, unknown> = {
    autosize: true, margin: { l: 48, r: 12, t: 12, b: 48 }, showlegend: true, legend: { orientation: 'h' as const }, ...(plot.layout ?? {}),
  };
  const layout = (fit.compact ? compactLayout(base, fit) : base) as PlotSpec['layout'];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <div ref={ref} style={{ flex: 1, minHeight: 0 }} aria-hidden data-compact={fit.compact || undefined}>
        <ChartBoundary>
          <Suspense fallback={<Spinner size="tiny" />}>
            <Plot
              {...plot}
              layout={layout}
              config={{ displaylogo: false, responsive: true, ...(plot.config ?? {}) }}
              useResizeHandler
              style={{ width: '100%', height: '100%' }}
            />
          </Suspense>
        </ChartBoundary>
      </div>
      <ChartData
        caption={props.label}
        columns={['Category', 'Posts']}
        numericColumns={[1]}
        rows={props.items.map((item) => ({
          key: `${item.key}|${item.detail ?? ''}`,
          cells: [
            <Button key="pick" size="small" appearance="transparent" onClick={() => props.onPick(item.key)}
              aria-label={`${props.itemAction} ${item.label}${item.detail ? ` ${item.detail}` : ''} (${item.value} posts)`}>
              {item.label}{item.detail ? ` ${item.detail}` : ''}
            </Button>,
            item.value.toLocaleString('en-US'),
          ],
        }))}
      />
    </div>
  );
}
