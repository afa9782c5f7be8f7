import type { Kysely } from 'kysely';
import { z } from 'zod';
import { postFacetsKey } from '@core/server/facets/contract';
import { HttpError } from '@core/server/http/errors';
import { Answer, requireUser, type RouteContext, type RouteRegistrar } from '@core/server/http/routes';
import { ok } from '@core/shared/api/envelope';
import { postStatistics } from '@core/shared/platforms';
import {
  CHART_DATA_ROUTE, chartDataAnswerSchema, EXPORT_FAILED_MESSAGE, FILTER_COUNTS_ROUTE, GRAPHQL_PATH, NOTABLE_POSTS_PATH, POST_DETAILS_PATH, RAW_DATA_ROUTE,
  filterCountsSchema, graphqlRequestSchema, graphqlResultSchema, notablePostsAnswerSchema, postDetailsAnswerSchema, rawDataAnswerSchema,
} from '../../shared/explorerApi';
import { chartData } from './chartData';
import { exportChunks, exportFileName, exportStream } from './exportStream';
import { ensureRunFacts } from './facts';
import { filterCounts } from './filterCounts';
import { executeGraphql } from './graphql';
import { notablePosts } from './notable';
import { pageIds, totalOf } from './page';
import { chartParamsOf, conversationIdOf, filtersOf, type OrderBy, notableParamsOf, postIdsOf, rawDataParamsOf, searchParamsOf } from './params';
import type { PostsTables } from '@plugins/posts/server/tables';
import type { PostSetQuery } from './postSet';
import { rowsFor } from './rows';
import { conversationScope } from './scope';

/**
 * The posts explorer API (docs/api.md "Posts explorer"). Parameters are read from the raw query string (see
 * params.ts); the zod query schemas below document them and accept repeats.
 */

const repeatable = z.union([z.string(), z.array(z.string())]).optional();
/** Filter parameters (`platforms=reddit:true`, `is_reply=true`, `start_range=...`) pass through to the filter model. */
// Every parameter accepts repeats here so that params.ts answers the refusal with its own message.
const filterQuery = z.looseObject({ start_range: repeatable, end_range: repeatable });
const rawDataQuery = filterQuery.extend({
  search: repeatable, limit: repeatable, record_offset: repeatable, order_by: repeatable, coordination_only: repeatable, export: repeatable,
});
const idParams = z.object({ id: z.string() });
const conversationQuery = filterQuery.extend({ conversation_id: repeatable });

type AnyContext = RouteContext<unknown, unknown, unknown>;

const services = (ctx: AnyContext) => ({ storage: ctx.app.storage, registry: ctx.app.services.get(postFacetsKey) });

async function postSet(ctx: AnyContext, conversationId: string, params: URLSearchParams, extra: Partial<PostSetQuery> = {}): Promise<PostSetQuery> {
  const user = requireUser(ctx);
  const filters = filtersOf(params);
  const scope = await conversationScope(ctx.app, user.organization_id, conversationId);
  if (scope.runId !== null) await ensureRunFacts(ctx.app.storage, { ...scope, runId: scope.runId });
  return { scope, filters, search: null, coordinationOnly: false, ...extra };
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
  r.get(RAW_DATA_ROUTE, {
    summary: "A page of the conversation's posts (filters, search, order_by, coordination_only), or the whole set as a CSV / JSONL download with export=csv|jsonl",
    params: idParams, query: rawDataQuery, response: rawDataAnswerSchema, raw: true,
  }, async (ctx) => {
    const { storage, registry } = services(ctx);
    const params = searchParamsOf(ctx.request.url);
    const p = rawDataParamsOf(params, registry);
    const q = await postSet(ctx, ctx.params.id, params, { search: p.search, coordinationOnly: p.coordinationOnly });
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
    const q = await postSet(ctx, ctx.params.id, searchParamsOf(ctx.request.url));
    return filterCounts(storage, registry, q);
  });

  r.get(CHART_DATA_ROUTE, {
    summary: 'What one overview chart draws (chart=post_count_over_time|platform_engagement|post_domain_count|top_domains|time_buckets, interval, top_n) under the filters',
    params: idParams, query: filterQuery.extend({ chart: repeatable, interval: repeatable, top_n: repeatable }), response: chartDataAnswerSchema,
  }, async (ctx) => {
    const { storage, registry } = services(ctx);
    const params = searchParamsOf(ctx.request.url);
    // Parameters before the conversation lookup, as raw_data: a bad request is a 400 whoever asks.
    const request = chartParamsOf(params);
    const q = await postSet(ctx, ctx.params.id, params);
    return chartData(storage, registry, q, request);
  });

  r.post(GRAPHQL_PATH, {
    summary: 'GraphQL over the conversation\'s posts: paginatedPosts(limit, offset, orderBy) with the filters of the query string',
    query: conversationQuery, body: graphqlRequestSchema, response: graphqlResultSchema,
  }, async (ctx) => {
    const { storage, registry } = services(ctx);
    const params = searchParamsOf(ctx.request.url);
    const q = await postSet(ctx, conversationIdOf(params), params);
    const result = await executeGraphql({ storage, registry, q }, ctx.body);
    // A query that cannot run at all (syntax, unknown field, bad variable) is the caller's error.
    return new Answer(result, { errors: result.errors?.map((e) => e.message) ?? [] }, result.data === undefined ? 400 : 200);
  });

  r.get(POST_DETAILS_PATH, {
    summary: 'Posts of a conversation by id (repeated post_id), with their statistics',
    query: z.looseObject({ conversation_id: repeatable, post_id: repeatable }), response: postDetailsAnswerSchema,
  }, async (ctx) => {
    const { storage, registry } = services(ctx);
    const params = searchParamsOf(ctx.request.url);
    const conversationId = conversationIdOf(params);
    const ids = postIdsOf(params);
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
    query: conversationQuery.extend({ type: repeatable, top_n: repeatable }), response: notablePostsAnswerSchema,
  }, async (ctx) => {
    const { storage, registry } = services(ctx);
    const params = searchParamsOf(ctx.request.url);
    const conversationId = conversationIdOf(params);
    const { type, topN } = notableParamsOf(params);
    const q = await postSet(ctx, conversationId, params);
    return notablePosts(storage, registry, q, type, topN);
  });
}
