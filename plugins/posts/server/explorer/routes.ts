import type { Kysely } from 'kysely';
import { z } from 'zod';
import { postFacetsKey } from '@core/server/facets/contract';
import { HttpError } from '@core/server/http/errors';
import { parsedQuery } from '@core/server/http/querySchema';
import type { Filters } from '@core/shared/filters';
import { Answer, requireUser, type RouteContext, type RouteRegistrar } from '@core/server/http/routes';
import { ok } from '@core/shared/api/envelope';
import { postStatistics } from '@core/shared/platforms';
import {
  CHART_DATA_ROUTE, chartDataAnswerSchema, type ChartData, EXPORT_FAILED_MESSAGE, FILTER_COUNTS_ROUTE, GRAPHQL_PATH, NOTABLE_POSTS_PATH, POST_DETAILS_PATH, RAW_DATA_ROUTE,
  filterCountsSchema, graphqlRequestSchema, graphqlResultSchema, notablePostsAnswerSchema, postDetailsAnswerSchema, rawDataAnswerSchema,
} from '../../shared/explorerApi';
import { insightLookupKey } from '@plugins/insights/shared/public';
import { chartData, withDomainInsights } from './chartData';
import { exportChunks, exportFileName, exportStream } from './exportStream';
import { ensureRunFacts, runFactsState } from './facts';
import { filterCounts } from './filterCounts';
import { executeGraphql } from './graphql';
import { notablePosts } from './notable';
import { pageIds, totalOf } from './page';
import { chartParamsOf, conversationIdOf, filtersOf, type OrderBy, notableParamsOf, postIdsOf, rawDataParamsOf } from './params';
import type { PostsTables } from '@plugins/posts/server/tables';
import type { PostSetQuery } from './postSet';
import { rowsFor } from './rows';
import { runIndexIfReady } from './runIndex';
import { conversationScope } from './scope';

/**
 * The posts explorer API (docs/api.md "Posts explorer"). Each route parses its query string through the schema it
 * declares (core/server/http/querySchema.ts): the parameters are documented for OpenAPI, repeats and the filter
 * model's `value:true|false` entries arrive as the browser URL has them, and every refusal is a 400 with the
 * explorer's own message naming the parameter (params.ts, EXPLORER_MESSAGES).
 */

const FILTER_PARAMS = ['start_range', 'end_range'] as const;
const idParams = z.object({ id: z.string() });
const filterQuery = parsedQuery(FILTER_PARAMS, (p) => ({ filters: filtersOf(p) }));
const chartQuery = parsedQuery([...FILTER_PARAMS, 'chart', 'interval', 'top_n'], (p) => ({ chart: chartParamsOf(p), filters: filtersOf(p) }));
const conversationQuery = parsedQuery([...FILTER_PARAMS, 'conversation_id'], (p) => ({ conversationId: conversationIdOf(p), filters: filtersOf(p) }));
const detailsQuery = parsedQuery(['conversation_id', 'post_id'], (p) => ({ conversationId: conversationIdOf(p), ids: postIdsOf(p) }));
const notableQuery = parsedQuery([...FILTER_PARAMS, 'conversation_id', 'type', 'top_n'], (p) => ({
  conversationId: conversationIdOf(p), ...notableParamsOf(p), filters: filtersOf(p),
}));

type AnyContext = RouteContext<unknown, unknown, unknown>;

const services = (ctx: AnyContext) => ({ storage: ctx.app.storage, registry: ctx.app.services.get(postFacetsKey) });

/**
 * The caller's post set of a conversation. Its run's facts are waited for, unless `live`: a page then reads the same
 * columns live from the store while they are filled (facts.ts `runFactsState`), so the first page after a run never
 * waits for the preparation the finished run started.
 */
async function postSet(
  ctx: AnyContext, conversationId: string, filters: Filters, extra: Partial<PostSetQuery> = {}, opts: { live?: boolean } = {},
): Promise<PostSetQuery> {
  const user = requireUser(ctx);
  const scope = await conversationScope(ctx.app, user.organization_id, conversationId);
  const q: PostSetQuery = { scope, filters, search: null, coordinationOnly: false, ...extra };
  if (scope.runId === null) return q;
  const runScope = { ...scope, runId: scope.runId };
  if (!opts.live) {
    await ensureRunFacts(ctx.app.storage, runScope);
    return q;
  }
  const { storage, registry } = services(ctx);
  const warn = (error: unknown) => ctx.app.logger.warn({ err: error, runId: runScope.runId }, 'could not prepare the explorer for a run');
  if (await runFactsState(storage, runScope, warn) === 'ready') return q;
  // The run's index follows its facts, as when a run finishes (warmOnFinish.ts); this page does not wait for either.
  ensureRunFacts(storage, runScope).then(() => runIndexIfReady(storage, registry, scope)).catch(warn);
  return { ...q, live: true };
}

async function sendExport(ctx: AnyContext, q: PostSetQuery, format: 'csv' | 'jsonl', orderBy: readonly OrderBy[]) {
  const { storage, registry } = services(ctx);
  const chunks = exportChunks(storage, registry, q, format, orderBy);
  let first: IteratorResult<string>;
  try {
    first = await chunks.next();
  } catch (error) {
    ctx.app.logger.error({ err: error, conversationId: q.scope.conversationId }, 'raw data export failed');
    throw new HttpError(500, EXPORT_FAILED_MESSAGE);
  }
  const stream = exportStream(first, chunks, (error) =>
    ctx.app.logger.error({ err: error, conversationId: q.scope.conversationId }, 'raw data export failed while streaming'));
  return ctx.reply
    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(q.scope.conversationId, format)}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

export function registerExplorerRoutes(r: RouteRegistrar): void {
  // order_by may name a sort key another plugin registers: read at parse time, once every plugin has activated.
  const rawDataQuery = parsedQuery([...FILTER_PARAMS, 'search', 'limit', 'record_offset', 'order_by', 'coordination_only', 'export'],
    (p) => rawDataParamsOf(p, r.app.services.get(postFacetsKey)));

  r.get(RAW_DATA_ROUTE, {
    summary: "A page of the conversation's posts (filters, search, order_by, coordination_only), or the whole set as a CSV / JSONL download with export=csv|jsonl",
    params: idParams, query: rawDataQuery, response: rawDataAnswerSchema, raw: true,
  }, async (ctx) => {
    const { storage, registry } = services(ctx);
    const p = ctx.query;
    const q = await postSet(ctx, ctx.params.id, p.filters, { search: p.search, coordinationOnly: p.coordinationOnly }, { live: !p.exportFormat });
    if (p.exportFormat) return sendExport(ctx, q, p.exportFormat, p.orderBy);
    const [ids, total] = await Promise.all([
      pageIds(storage, registry, q, { limit: p.limit, offset: p.offset, orderBy: p.orderBy }),
      totalOf(storage, registry, q),
    ]);
    const rows = await rowsFor(storage, registry, q.scope, ids);
    // raw mode (for the export) means this route writes its own envelope.
    return ctx.reply.send(ok(rows, { pagination_info: { offset: p.offset, limit: p.limit, total, order_by: p.orderBy } }));
  });

  r.get(FILTER_COUNTS_ROUTE, {
    summary: 'Posts per value of every filter dimension, each with its own selection removed, and the total under all filters',
    params: idParams, query: filterQuery, response: filterCountsSchema,
  }, async (ctx) => {
    const { storage, registry } = services(ctx);
    const q = await postSet(ctx, ctx.params.id, ctx.query.filters);
    return filterCounts(storage, registry, q);
  });

  r.get(CHART_DATA_ROUTE, {
    summary: 'What one overview chart draws (chart=post_count_over_time|platform_engagement|post_domain_count|top_domains|time_buckets, interval, top_n) under the filters',
    params: idParams, query: chartQuery, response: chartDataAnswerSchema,
  }, async (ctx) => {
    const { storage, registry } = services(ctx);
    // Parameters are parsed before the conversation lookup, as for raw_data: a bad request is a 400 whoever asks.
    const q = await postSet(ctx, ctx.params.id, ctx.query.filters);
    const answer = await chartData(storage, registry, q, ctx.query.chart);
    if (ctx.query.chart.chart !== 'top_domains') return answer;
    const lookup = ctx.app.services.has(insightLookupKey) ? ctx.app.services.get(insightLookupKey) : null;
    return withDomainInsights(answer as ChartData<'top_domains'>, requireUser(ctx).organization_id, lookup);
  });

  r.post(GRAPHQL_PATH, {
    summary: 'GraphQL over the conversation\'s posts: paginatedPosts(limit, offset, orderBy) with the filters of the query string',
    query: conversationQuery, body: graphqlRequestSchema, response: graphqlResultSchema,
  }, async (ctx) => {
    const { storage, registry } = services(ctx);
    const q = await postSet(ctx, ctx.query.conversationId, ctx.query.filters);
    const result = await executeGraphql({ storage, registry, q }, ctx.body);
    // A query that cannot run at all (syntax, unknown field, bad variable) is the caller's error.
    return new Answer(result, { errors: result.errors?.map((e) => e.message) ?? [] }, result.data === undefined ? 400 : 200);
  });

  r.get(POST_DETAILS_PATH, {
    summary: 'Posts of a conversation by id (repeated post_id), with their statistics',
    query: detailsQuery, response: postDetailsAnswerSchema,
  }, async (ctx) => {
    const { storage, registry } = services(ctx);
    const { conversationId, ids } = ctx.query;
    const user = requireUser(ctx);
    const scope = await conversationScope(ctx.app, user.organization_id, conversationId);
    if (scope.runId === null) return [];
    // Only posts of the conversation's run: an id of another conversation or organisation is not found.
    const inRun = await (storage.db as unknown as Kysely<PostsTables>).selectFrom('posts_run_posts').select('post_id')
      .where('run_id', '=', scope.runId).where('post_id', 'in', ids).execute();
    const allowed = new Set(inRun.map((r) => Number(r.post_id)));
    const rows = await rowsFor(storage, registry, scope, [...new Set(ids)].filter((id) => allowed.has(id)));
    return rows.map((row) => {
      const view = postStatistics(row.class, row.additional_properties);
      return { ...row, statistics: view.status === 'ok' ? view.statistics : view.status === 'none' ? [] : null };
    });
  });

  r.get(NOTABLE_POSTS_PATH, {
    summary: 'The top_n notable posts of a conversation (type engagement, threats_of_violence or recent) under the filters',
    query: notableQuery, response: notablePostsAnswerSchema,
  }, async (ctx) => {
    const { storage, registry } = services(ctx);
    const { conversationId, type, topN, filters } = ctx.query;
    const q = await postSet(ctx, conversationId, filters);
    return notablePosts(storage, registry, q, type, topN);
  });
}
