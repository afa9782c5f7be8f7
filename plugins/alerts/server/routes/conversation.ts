import { z } from 'zod';
import { badRequest } from '@core/server/http/errors';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { postScopeKey } from '@core/server/postScope';
import {
  ALERT_PREVIEW_PATH, CONVERSATION_FIRED_PATH, CONVERSATION_METRICS_PATH, firedAlertListSchema, metricSeriesSchema, metricsQuerySchema,
  previewBodySchema, previewSchema,
} from '../../shared/api';
import { ALERT_MESSAGES as M } from '../../shared/messages';
import { checkRuleConfig } from '../../shared/validation';
import { ruleHistory } from '../firing/rule';
import { metricRows, seriesOf } from '../firing/series';
import { toFiredAlert } from '../model';
import { dbOf, type Db, type FiredRow } from '../tables';

const idParams = z.object({ id: z.string() });
const listOf = (text: string | undefined) => (text ? text.split(',').map((s) => s.trim()).filter(Boolean) : null);

/** Fired alerts with their rules' names and delivery states, newest first. */
export async function firedAlerts(db: Db, rows: readonly FiredRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const configIds = [...new Set(rows.map((r) => r.alert_config_id))];
  const names = new Map((await db.selectFrom('alerts_configs').select(['id', 'name']).where('id', 'in', configIds).execute()).map((c) => [c.id, c.name]));
  const outbox = await db.selectFrom('alerts_outbox').selectAll().where('fired_alert_id', 'in', ids).orderBy('channel').orderBy('target').execute();
  return rows.map((r) => toFiredAlert(r, names.get(r.alert_config_id) ?? '', outbox));
}

export function registerConversationRoutes(r: RouteRegistrar): void {
  r.get(CONVERSATION_METRICS_PATH, {
    summary: "A conversation's metric over its runs: post_count (sum) or risk_score (post-weighted mean, percent)",
    description: 'platform, risk_categories and narrative are comma-separated lists (empty: all); group_by splits the series.',
    params: idParams, query: metricsQuerySchema, response: metricSeriesSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const scope = await ctx.app.services.get(postScopeKey).resolve(user.organization_id, ctx.params.id, M.conversationNotFound);
    const rows = await metricRows(dbOf(ctx.app.storage), user.organization_id, scope.conversationId, ctx.query.metric);
    const filter = { platform: listOf(ctx.query.platform), risk_categories: listOf(ctx.query.risk_categories), narrative: listOf(ctx.query.narrative) };
    const groupBy = ctx.query.group_by;
    const keys = groupBy === 'none' ? [''] : [...new Set(rows.map((row) => row[groupBy]))].sort();
    const series = keys.map((key) => {
      const narrowed = groupBy === 'none' ? filter : { ...filter, [groupBy === 'risk_category' ? 'risk_categories' : groupBy]: [key] };
      const within = groupBy === 'none' ? null : ((row: (typeof rows)[number]) => row[groupBy] === key);
      const points = seriesOf(rows, ctx.query.metric, narrowed).map(({ run_id, timestamp, value }) => ({ timestamp, dag_run_id: run_id, value }));
      return { key, points: within && !rows.some(within) ? [] : points };
    }).filter((s) => s.points.some((p) => p.value !== 0) || groupBy === 'none');
    const distinct = (k: 'narrative' | 'platform' | 'risk_category') => [...new Set(rows.map((row) => row[k]).filter(Boolean))].sort();
    return { metric: ctx.query.metric, series, narratives: distinct('narrative'), platforms: distinct('platform'), risk_categories: distinct('risk_category') };
  });

  r.get(CONVERSATION_FIRED_PATH, {
    summary: "A conversation's fired alerts, newest first", params: idParams, response: firedAlertListSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const scope = await ctx.app.services.get(postScopeKey).resolve(user.organization_id, ctx.params.id, M.conversationNotFound);
    const db = dbOf(ctx.app.storage);
    const rows = await db.selectFrom('alerts_fired').selectAll()
      .where('organization_id', '=', user.organization_id).where('conversation_id', '=', scope.conversationId)
      .orderBy('created_at', 'desc').orderBy('id').limit(200).execute();
    return firedAlerts(db, rows);
  });

  r.post(ALERT_PREVIEW_PATH, {
    summary: "When a rule would have fired over the conversation's stored runs (nothing is stored or sent)",
    body: previewBodySchema, response: previewSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const errors: string[] = [];
    const config = checkRuleConfig(ctx.body.config, errors);
    if (!config) throw badRequest(errors[0]!, errors);
    const scope = await ctx.app.services.get(postScopeKey).resolve(user.organization_id, ctx.body.alertable_id, M.conversationNotFound);
    const history = await ruleHistory(dbOf(ctx.app.storage), user.organization_id, scope.conversationId, 'Preview', config.criteria);
    return {
      points: history.points,
      series: history.series.map((points) => ({ points: points.map((p) => ({ timestamp: p.timestamp, dag_run_id: p.run_id, value: p.value })) })),
      firings: history.firings.map((f) => ({ timestamp: f.timestamp, dag_run_id: f.run_id, criteria: f.criteria, message: f.message })),
    };
  });
}
