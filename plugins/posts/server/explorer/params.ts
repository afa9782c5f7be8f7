import { badRequest } from '@core/server/http/errors';
import type { Filters } from '@core/shared/filters';
import { filtersOfQuery } from '@core/server/http/querySchema';
import type { PostFacetRegistry } from '@core/server/facets/contract';
import {
  CHART_INTERVALS, CHART_KINDS, CHART_MESSAGES, DEFAULT_CHART_TOP_N, type ChartInterval, type ChartKind,
} from '../../shared/explorerApi';
import {
  DEFAULT_ORDER_BY, DEFAULT_PAGE_SIZE, DEFAULT_TOP_N, EXPLORER_MESSAGES, EXPORT_FORMATS, MAX_PAGE_SIZE, MAX_POST_IDS,
  MAX_SEARCH_LENGTH, MAX_TOP_N, NOTABLE_POST_TYPES, POST_SORT_COLUMNS, type ExportFormat, type NotablePostType,
} from '../../shared/explorerApi';

/**
 * Query parameters of the explorer routes, read by the query schemas the routes declare (routes.ts, parsedQuery) from
 * the parameters as the browser URL has them. Every refusal is a 400 whose message names the parameter
 * (EXPLORER_MESSAGES).
 */

export interface OrderBy { column: string; direction: 'asc' | 'desc' }

/** The filters of the query; the first malformed entry answers 400 naming its parameter. */
export const filtersOf = (params: URLSearchParams): Filters => filtersOfQuery(params);

function single(params: URLSearchParams, name: string, message: string): string | null {
  const values = params.getAll(name);
  if (values.length > 1) throw badRequest(message);
  return values[0] ?? null;
}

function integer(params: URLSearchParams, name: string, message: string, min: number, max: number, fallback: number): number {
  const raw = single(params, name, message);
  if (raw === null) return fallback;
  if (!/^-?\d{1,10}$/.test(raw)) throw badRequest(message);
  const n = Number(raw);
  if (n < min || n > max) throw badRequest(message);
  return n;
}

export function booleanParam(params: URLSearchParams, name: string, message: string): boolean {
  const raw = single(params, name, message);
  if (raw === null || raw === 'false') return false;
  if (raw === 'true') return true;
  throw badRequest(message);
}

/** `column:asc|desc` entries (repeatable or comma-separated) of store columns or registered facet sort keys. */
export function orderByOf(params: URLSearchParams, registry: PostFacetRegistry, name = 'order_by'): OrderBy[] {
  const entries = params.getAll(name).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
  if (entries.length === 0) return DEFAULT_ORDER_BY.map((o) => ({ ...o }));
  return parseOrderBy(entries, registry);
}

export function parseOrderBy(entries: readonly string[], registry: PostFacetRegistry): OrderBy[] {
  if (entries.length > 5) throw badRequest(EXPLORER_MESSAGES.orderBy(entries.join(',')));
  return entries.map((entry) => {
    const colon = entry.lastIndexOf(':');
    const column = colon < 0 ? entry : entry.slice(0, colon);
    const direction = colon < 0 ? 'asc' : entry.slice(colon + 1);
    const known = (POST_SORT_COLUMNS as readonly string[]).includes(column) || registry.sortKey(column) !== undefined;
    if (!known || (direction !== 'asc' && direction !== 'desc')) throw badRequest(EXPLORER_MESSAGES.orderBy(entry));
    return { column, direction };
  });
}

export interface RawDataParams {
  filters: Filters;
  search: string | null;
  limit: number;
  offset: number;
  orderBy: OrderBy[];
  coordinationOnly: boolean;
  exportFormat: ExportFormat | null;
}

export function rawDataParamsOf(params: URLSearchParams, registry: PostFacetRegistry): RawDataParams {
  const search = single(params, 'search', EXPLORER_MESSAGES.search);
  if (search !== null && search.length > MAX_SEARCH_LENGTH) throw badRequest(EXPLORER_MESSAGES.search);
  const exportFormat = single(params, 'export', EXPLORER_MESSAGES.export);
  if (exportFormat !== null && !(EXPORT_FORMATS as readonly string[]).includes(exportFormat)) throw badRequest(EXPLORER_MESSAGES.export);
  return {
    filters: filtersOf(params),
    search: search === null || search.trim() === '' ? null : search.trim(),
    limit: integer(params, 'limit', EXPLORER_MESSAGES.limit, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    offset: integer(params, 'record_offset', EXPLORER_MESSAGES.recordOffset, 0, 1_000_000_000, 0),
    orderBy: orderByOf(params, registry),
    coordinationOnly: booleanParam(params, 'coordination_only', EXPLORER_MESSAGES.coordinationOnly),
    exportFormat: exportFormat as ExportFormat | null,
  };
}

export function conversationIdOf(params: URLSearchParams): string {
  const id = single(params, 'conversation_id', EXPLORER_MESSAGES.conversationId);
  if (id === null || id.trim() === '') throw badRequest(EXPLORER_MESSAGES.conversationId);
  return id;
}

export function postIdsOf(params: URLSearchParams): number[] {
  const raw = params.getAll('post_id');
  if (raw.length === 0) throw badRequest(EXPLORER_MESSAGES.postIdsMissing);
  if (raw.length > MAX_POST_IDS) throw badRequest(EXPLORER_MESSAGES.postIdsTooMany);
  return raw.map((v) => {
    if (!/^\d{1,15}$/.test(v) || Number(v) < 1) throw badRequest(EXPLORER_MESSAGES.postId);
    return Number(v);
  });
}

export function notableParamsOf(params: URLSearchParams): { type: NotablePostType; topN: number } {
  const type = single(params, 'type', EXPLORER_MESSAGES.type) ?? 'engagement';
  if (!(NOTABLE_POST_TYPES as readonly string[]).includes(type)) throw badRequest(EXPLORER_MESSAGES.type);
  return { type: type as NotablePostType, topN: integer(params, 'top_n', EXPLORER_MESSAGES.topN, 1, MAX_TOP_N, DEFAULT_TOP_N) };
}

/** chart_data's own parameters: `chart` (required), `interval`, `top_n` (domains per platform, texts, posts per narrative). */
export function chartParamsOf(params: URLSearchParams): { chart: ChartKind; interval: ChartInterval | null; topN: number } {
  const chart = single(params, 'chart', CHART_MESSAGES.chart);
  if (chart === null || !(CHART_KINDS as readonly string[]).includes(chart)) throw badRequest(CHART_MESSAGES.chart);
  const interval = single(params, 'interval', CHART_MESSAGES.interval);
  if (interval !== null && !(CHART_INTERVALS as readonly string[]).includes(interval)) throw badRequest(CHART_MESSAGES.interval);
  const fallback = Object.hasOwn(DEFAULT_CHART_TOP_N, chart) ? DEFAULT_CHART_TOP_N[chart as keyof typeof DEFAULT_CHART_TOP_N] : DEFAULT_CHART_TOP_N.post_domain_count;
  return {
    chart: chart as ChartKind,
    interval: interval as ChartInterval | null,
    topN: integer(params, 'top_n', CHART_MESSAGES.topN, 1, MAX_TOP_N, fallback),
  };
}
