import { useQuery } from '@tanstack/react-query';
import { Dropdown, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChartData } from '@core/client/a11y/ChartData';
import { apiGet } from '@core/client/api/client';
import type { PanelProps } from '@core/client/plugin/contract';
import { selectionOf, type Filters } from '@core/shared/filters';
import { metricSeriesSchema } from '../shared/api';
import { METRICS, type Metric } from '../shared/vocabulary';
import Plot from './Plot';

export interface MetricsConfig { metric: Metric; groupBy: 'none' | 'platform' | 'risk_category' | 'narrative' }

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM, height: '100%', boxSizing: 'border-box' },
  controls: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  chart: { flex: 1, minHeight: '200px' },
});

const GROUPS: Array<[MetricsConfig['groupBy'], string]> = [['none', 'All posts'], ['platform', 'By platform'], ['risk_category', 'By risk category'], ['narrative', 'By narrative']];
const METRIC_LABELS: Record<Metric, string> = { post_count: 'Post count', risk_score: 'Risk score (%)' };

/** A series' name in the legend and the data table: the group's key, or what the ungrouped / unmatched series is. */
function seriesName(key: string, groupBy: MetricsConfig['groupBy']): string {
  return key === '' ? (groupBy === 'narrative' ? 'Outside narratives' : 'All') : key;
}

/** A run's time as the data table shows it, e.g. "2025-06-01 14:00 UTC". */
function runTime(timestamp: string): string {
  const at = new Date(timestamp);
  return Number.isNaN(at.getTime()) ? timestamp : `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The platforms the workspace filters select (the criteria's `platform` filter), as the metrics call takes them. */
export function platformsOf(filters: Filters): string | undefined {
  const included = Object.entries(selectionOf(filters, 'platforms')).filter(([, on]) => on).map(([p]) => p);
  return included.length > 0 ? included.join(',') : undefined;
}

/** The conversation's metric at each run (Plotly lines), with the workspace's platform filter applied. */
export default function MetricsPanel({ conversationId, config, setConfig, filters }: PanelProps<MetricsConfig>) {
  const styles = useStyles();
  const platform = platformsOf(filters);
  const series = useQuery({
    queryKey: ['alerts', 'metrics', conversationId ?? '', config.metric, config.groupBy, platform ?? ''],
    enabled: !!conversationId,
    queryFn: () => apiGet(`/api/v2/conversations/${encodeURIComponent(conversationId ?? '')}/metrics`, {
      query: { metric: config.metric, group_by: config.groupBy, ...(platform ? { platform } : {}) }, schema: metricSeriesSchema,
    }),
  });
  if (!conversationId) return <Text>Open a conversation to see its metrics.</Text>;
  const points = series.data?.series.reduce((n, s) => n + s.points.length, 0) ?? 0;
  return (
    <div className={styles.root}>
      <div className={styles.controls}>
        <Dropdown aria-label="Metric" value={METRIC_LABELS[config.metric]} selectedOptions={[config.metric]}
          onOptionSelect={(_, d) => d.optionValue && setConfig({ ...config, metric: d.optionValue as Metric })}>
          {METRICS.map((m) => <Option key={m} value={m}>{METRIC_LABELS[m]}</Option>)}
        </Dropdown>
        <Dropdown aria-label="Group" value={GROUPS.find(([g]) => g === config.groupBy)![1]} selectedOptions={[config.groupBy]}
          onOptionSelect={(_, d) => d.optionValue && setConfig({ ...config, groupBy: d.optionValue as MetricsConfig['groupBy'] })}>
          {GROUPS.map(([g, label]) => <Option key={g} value={g}>{label}</Option>)}
        </Dropdown>
      </div>
      {series.isLoading && <Text>Loading metrics…</Text>}
      {series.isError && <Text role="alert">{(series.error as Error).message}</Text>}
      {series.data && points === 0 && <Text>No metrics yet: they are written at the end of each run.</Text>}
      {series.data && points > 0 && (
        <>
        <div className={styles.chart} aria-label={`${METRIC_LABELS[config.metric]} per run`} role="figure">
          <Plot
            data={series.data.series.map((s) => ({
              type: 'scatter', mode: 'lines+markers', name: seriesName(s.key, config.groupBy),
              x: s.points.map((p) => p.timestamp), y: s.points.map((p) => p.value),
            }))}
            layout={{ autosize: true, margin: { l: 40, r: 10, t: 10, b: 40 }, yaxis: { title: { text: METRIC_LABELS[config.metric] }, rangemode: 'tozero' }, showlegend: config.groupBy !== 'none' }}
            config={{ displaylogo: false, responsive: true }}
            useResizeHandler style={{ width: '100%', height: '100%' }}
          />
        </div>
        <ChartData
          caption={`${METRIC_LABELS[config.metric]} per run`}
          columns={['Series', 'Run', METRIC_LABELS[config.metric]]}
          numericColumns={[2]}
          rows={series.data.series.flatMap((s) => s.points.map((p) => ({
            key: `${s.key}|${p.dag_run_id}`,
            cells: [seriesName(s.key, config.groupBy), runTime(p.timestamp), p.value.toLocaleString('en-US', { maximumFractionDigits: 2 })],
          })))}
        />
        </>
      )}
    </div>
  );
}
