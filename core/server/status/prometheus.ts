import type { SystemStatus } from '@core/shared/status/api';

/**
 * Prometheus text exposition format 0.0.4 (https://prometheus.io/docs/instrumenting/exposition_formats/), written by
 * hand: a dozen gauges do not warrant a metrics library, and every figure is read from the database on each scrape
 * (several processes share it, so no process-local counter would be the truth).
 */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type Labels = Record<string, string>;
interface Family { name: string; help: string; type: 'gauge' | 'counter'; samples: Array<{ labels?: Labels; value: number }> }

/** Label values escape backslash, double quote and newline; HELP text escapes backslash and newline. */
const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const escapeHelp = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
const formatValue = (v: number) => (Number.isNaN(v) ? 'NaN' : v === Infinity ? '+Inf' : v === -Infinity ? '-Inf' : String(v));

export function formatFamilies(families: readonly Family[]): string {
  const lines: string[] = [];
  for (const f of families) {
    lines.push(`# HELP ${f.name} ${escapeHelp(f.help)}`, `# TYPE ${f.name} ${f.type}`);
    for (const s of f.samples) {
      const labels = Object.entries(s.labels ?? {});
      const text = labels.length ? `{${labels.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : '';
      lines.push(`${f.name}${text} ${formatValue(s.value)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const RUN_STATUSES = ['PENDING', 'RUNNING', 'SUCCESS', 'FAILED', 'CANCELLED'];

/** The system status's figures as Prometheus families (names `narrascope_*`, durations in seconds). */
export function statusFamilies(status: SystemStatus): Family[] {
  const m = status.system_metrics;
  const statuses = [...new Set([...RUN_STATUSES, ...Object.keys(status.pipeline.runs_by_status)])];
  return [
    {
      name: 'narrascope_build_info', type: 'gauge', help: 'The running build: backend version, commit and runtime (always 1).',
      samples: [{ labels: { version: status.versions.backend, commit: status.versions.commit ?? '', runtime: status.versions.language_runtime }, value: 1 }],
    },
    { name: 'narrascope_uptime_seconds', type: 'gauge', help: 'Seconds since this server process started.', samples: [{ value: status.uptime_seconds }] },
    { name: 'narrascope_records', type: 'gauge', help: 'Stored posts.', samples: [{ value: m.record_count }] },
    { name: 'narrascope_conversations', type: 'gauge', help: 'Conversations with at least one run.', samples: [{ value: m.total_conversations }] },
    { name: 'narrascope_users', type: 'gauge', help: 'Active users.', samples: [{ value: m.users }] },
    { name: 'narrascope_dag_runs', type: 'gauge', help: 'Pipeline (DAG) runs ever queued.', samples: [{ value: m.dag_runs }] },
    {
      name: 'narrascope_dag_runs_by_status', type: 'gauge', help: 'Pipeline runs by status.',
      samples: statuses.map((s) => ({ labels: { status: s }, value: status.pipeline.runs_by_status[s] ?? 0 })),
    },
    {
      name: 'narrascope_collector_entities', type: 'gauge', help: 'Records collected by each data collector over all runs.',
      samples: m.collector_utilisations.map((u) => ({ labels: { datacollector: u.datacollector }, value: u.total_entities })),
    },
    {
      name: 'narrascope_collector_queries', type: 'gauge', help: 'Runs (queries) each data collector served.',
      samples: m.collector_utilisations.map((u) => ({ labels: { datacollector: u.datacollector }, value: u.total_queries })),
    },
    {
      name: 'narrascope_stage_duration_median_seconds', type: 'gauge', help: 'Median duration of successful stage runs of the last 24 hours.',
      samples: status.pipeline.stage_durations.map((d) => ({ labels: { stage: d.stage_id }, value: d.median_ms / 1000 })),
    },
    {
      name: 'narrascope_stage_duration_max_seconds', type: 'gauge', help: 'Slowest successful stage run of the last 24 hours.',
      samples: status.pipeline.stage_durations.map((d) => ({ labels: { stage: d.stage_id }, value: d.max_ms / 1000 })),
    },
  ];
}
