import type { Criterion } from '../../shared/api';
import type { Metric } from '../../shared/vocabulary';
import { aggregate, bucketMatches, type BucketFilter } from '../metrics/compute';
import type { Db, MetricRow } from '../tables';

/**
 * One run's point. `new_posts`: of post_count on a continuous conversation, the matching posts new since the
 * previous run (null when the run has none recorded: other metrics, one-off conversations, the first run).
 */
export interface SeriesPoint { run_id: string; timestamp: string; value: number; new_posts?: number | null }

/** The conversation's metric rows of one metric, oldest run first (each run's rows together). */
export async function metricRows(db: Db, organizationId: string, conversationId: string, metric: Metric) {
  return db.selectFrom('alerts_metrics')
    .select(['run_id', 'timestamp', 'narrative', 'platform', 'risk_category', 'value', 'weight', 'new_posts'])
    .where('organization_id', '=', organizationId).where('conversation_id', '=', conversationId).where('metric', '=', metric)
    .orderBy('timestamp').orderBy('run_id').execute();
}

/** A metric row as the series read it (the stage's `alerts_metrics` row without its keys). */
export type SeriesRow = Pick<MetricRow, 'run_id' | 'timestamp' | 'narrative' | 'platform' | 'risk_category' | 'value' | 'weight'>
  & { new_posts?: number | null };

/** One point per run (every run that has metrics, 0 where no bucket matches), oldest first. */
export function seriesOf(rows: readonly SeriesRow[], metric: Metric, filter: BucketFilter): SeriesPoint[] {
  const byRun = new Map<string, { timestamp: string; rows: SeriesRow[]; counted: boolean }>();
  for (const r of rows) {
    let run = byRun.get(r.run_id);
    if (!run) byRun.set(r.run_id, (run = { timestamp: r.timestamp, rows: [], counted: false }));
    // The stage writes new_posts on every post_count row of a run or on none.
    if (r.new_posts !== null && r.new_posts !== undefined) run.counted = true;
    if (bucketMatches(r, filter)) run.rows.push(r);
  }
  return [...byRun].map(([run_id, run]) => ({
    run_id, timestamp: run.timestamp, value: aggregate(metric, run.rows.map((r) => ({ value: Number(r.value), weight: Number(r.weight) }))),
    new_posts: metric === 'post_count' && run.counted ? run.rows.reduce((n, r) => n + Number(r.new_posts ?? 0), 0) : null,
  })).sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.run_id.localeCompare(b.run_id));
}

/** The series a criterion judges. */
export async function criterionSeries(db: Db, organizationId: string, conversationId: string, c: Criterion): Promise<SeriesPoint[]> {
  const rows = await metricRows(db, organizationId, conversationId, c.metric);
  return seriesOf(rows, c.metric, { platform: c.platform, risk_categories: c.risk_categories });
}
