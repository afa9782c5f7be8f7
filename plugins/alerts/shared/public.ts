/** What other plugins may import from the alerts plugin. */
export { METRICS, UNITS, DIRECTIONS, type Metric } from './vocabulary';
export { CONVERSATION_METRICS_PATH, metricSeriesSchema, type MetricSeries } from './api';
/** Stage ids (permanent). */
export const METRICS_STAGE_ID = 'alerts.metrics';
export const EVALUATE_STAGE_ID = 'alerts.evaluate';
