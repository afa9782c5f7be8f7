import type { Criterion } from '../../shared/api';
import type { Metric } from '../../shared/vocabulary';
import { aggregate, bucketMatches, type BucketFilter } from '../metrics/compute';
import type { Db, MetricRow } from '../tables';

export interface SeriesPoint { run_id: string; timestamp: string; value: number }

/** The conversation's metric rows of one metric, oldest run first (each run's rows together). */
export async function metricRows(db: Db, organizationId: string, conversationId: string, metric: Metric) {
  return db.selectFrom('alerts_metrics')
    .select(['run_id', 'timestamp', 'narrative', 'platform', 'risk_category', 'value', 'weight'])
    .where('organization_id', '=', organizationId).where('conversation_id', '=', conversationId).where('metric', '=', metric)
    .orderBy('timestamp').orderBy('run_id').execute();
}

/** A metric row as the series read it (the stage's `alerts_metrics` row without its keys). */
export type SeriesRow = Pick<MetricRow, 'run_id' | 'timestamp' | 'narrative' | 'platform' | 'risk_category' | 'value' | 'weight'>;

/** One point per run (every run that has metrics, 0 where no bucket matches), oldest first. */
export function seriesOf(rows: readonly SeriesRow[], metric: Metric, filter: BucketFilter): SeriesPoint[] {
  const byRun = new Map<string, { timestamp: string; rows: SeriesRow[] }>();
  for (const r of rows) {
    let run = byRun.get(r.run_id);
    if (!run) byRun.set(r.run_id, (run = { timestamp: r.timestamp, rows: [] }));
    if (bucketMatches(r, filter)) run.rows.push(r);
  }
  return [...byRun].map(([run_id, run]) => ({
    run_id, timestamp: run.timestamp, value: aggregate(metric, run.rows.map((r) => ({ value: Number(r.value), weight: Number(r.weight) }))),
  })).sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.run_id.localeCompare(b.run_id));
}

/** The series a criterion judges. */
export async function criterionSeries(db: Db, organizationId: string, conversationId: string, c: Criterion): Promise<SeriesPoint[]> {
  const rows = await metricRows(db, organizationId, conversationId, c.metric);
  return seriesOf(rows, c.metric, { platform: c.platform, risk_categories: c.risk_categories });
}
