import { decodeFilters, emptyFilters, filterDimensions, matchesFilters, type Filters } from '@core/shared/filters';
import { COORDINATION_DIMENSIONS } from '@plugins/coordination/shared/public';
import { ENRICHMENT_DIMENSIONS } from '@plugins/enrichment/shared/public';
import { TOPICS_DIMENSIONS } from '@plugins/topics/shared/public';
import { defaultPreference, mergePreference, preferenceBodySchema, type Preference } from '@core/shared/access/api';
import { PLATFORMS, resolvePlatform } from '@core/shared/platforms';
import { filterCountRowKeys, type FilterCounts, type RawDataRow } from '../../shared/explorerApi';

/**
 * The explorer's HTTP API as the browser sees it, in memory, for component tests (the network boundary; the real
 * routes are tested by the server tests and the e2e scenario). Filters are decoded and applied with the shared
 * filter model, so include/exclude behave as on the server. Records every call; `failNext` fails one call.
 */
// The explorer shows what the analysis plugins declare; the fake server stores their values, so it declares them too.
filterDimensions.register([...ENRICHMENT_DIMENSIONS, ...TOPICS_DIMENSIONS, ...COORDINATION_DIMENSIONS]);

export function row(id: number, over: Partial<RawDataRow> = {}): RawDataRow {
  return {
    id, rid: `rid-${id}`, class: 'reddit', platform_label: 'Reddit', post_class: 'RedditPost', subject: null, title: null,
    body: `Post number ${id}`, display_name: `User ${id}`, screen_name: `user${id}`, user_id: `u${id}`, user_rid: `ur${id}`,
    user_class: 'RedditUser', creator: `User ${id}`, domains: [], entities: null,
    published_at: new Date(Date.UTC(2024, 0, 1) + id * 3_600_000).toISOString(), source_url: `https://example.org/p/${id}`,
    avatar_url: null, accounts_url: null, urls: [], images: [], language: 'en', is_repost: false, is_reply: false,
    is_quote: false, is_niche: false, additional_properties: { score: id, comments: 2 }, topic_rid: null, confidence_score: null,
    is_exemplar: null, coordination_cluster_ids: null, narrative: null, sentiment: 'NEUTRAL', engagement_score: 'low',
    threats_of_violence: 0, first_ngram: null, insights_count: null,
    ...over,
  };
}

/** A row field's values as the filter model reads them: one string, several, or none. */
function valuesOf(field: unknown): string[] | null {
  if (typeof field === 'string') return [field];
  return Array.isArray(field) ? field.map(String) : null;
}

/** Registered dimensions the fake counts from a row field (`rowField`) besides the built-in ones below (a plugin's). */
const rowFieldDimensions = () => filterDimensions.all().filter((d) => d.rowField && !COUNTED.some(([name]) => name === d.name));

function filterable(r: RawDataRow) {
  return {
    ...Object.fromEntries(rowFieldDimensions().map((d) => [d.name, valuesOf(r[d.rowField!])])),
    platforms: r.class, domains: r.domains, sentiments: (r.sentiment as string | null) ?? null,
    engagement_score: (r.engagement_score as string | null) ?? null, is_reply: r.is_reply, is_repost: r.is_repost,
    is_quote: r.is_quote, is_niche: r.is_niche, published_at: r.published_at,
    contains_threatening_language: typeof r.threats_of_violence === 'number' ? r.threats_of_violence >= 0.5 : null,
  };
}

const COUNTED: Array<[keyof Filters, string, (r: RawDataRow) => string[]]> = [
  ['platforms', 'platform', (r) => [r.class]],
  ['sentiments', 'sentiment', (r) => (r.sentiment ? [String(r.sentiment)] : [])],
  ['engagement_score', 'engagement_score', (r) => (r.engagement_score ? [String(r.engagement_score)] : [])],
  ['domains', 'domain', (r) => r.domains],
  ['is_reply', 'is_reply', (r) => [String(r.is_reply)]],
  ['contains_threatening_language', 'contains_threatening_language', (r) => [String(filterable(r).contains_threatening_language)]],
];

export function fakeExplorerApi(posts: RawDataRow[]) {
  const calls: Array<{ method: string; path: string; query: URLSearchParams; body: unknown }> = [];
  const failures: Array<{ path: RegExp; status: number; errors: string[] }> = [];
  let preference: Preference = defaultPreference('u1');
  const json = (data: unknown, status = 200, metadata: Record<string, unknown> = {}) => new Response(JSON.stringify({
    data, metadata: { errors: [], info: null, msg: null, pagination_info: null, ...metadata },
  }), { status, headers: { 'Content-Type': 'application/json' } });

  const select = (query: URLSearchParams, filters: Filters = decodeFilters(query)) => {
    const search = (query.get('search') ?? '').toLowerCase();
    return posts.filter((p) => matchesFilters(filterable(p), filters) && (!search || p.body.toLowerCase().includes(search)));
  };

  const fetch = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const failure = failures.findIndex((f) => f.path.test(url.pathname + url.search));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return json(null, f!.status, { errors: f!.errors });
    }
    const p = url.pathname;
    const q = url.searchParams;
    if (p === '/logreporter') return json(null);
    if (p === '/api/v2/preference/my') {
      if (method === 'PUT') {
        const parsed = preferenceBodySchema.safeParse(body);
        if (!parsed.success) return json(null, 400, { errors: parsed.error.issues.map((i) => i.message) });
        preference = mergePreference(preference, parsed.data);
      }
      return json(preference);
    }
    if (/\/raw_data$/.test(p)) {
      let rows = select(q);
      const order = q.get('order_by');
      if (order) {
        const [column, direction] = order.split(':') as [keyof RawDataRow, string];
        rows = [...rows].sort((a, b) => String(a[column]).localeCompare(String(b[column]), 'en', { numeric: true }) * (direction === 'desc' ? -1 : 1));
      }
      if (q.get('export')) {
        const text = q.get('export') === 'csv'
          ? ['id,platform,body', ...rows.map((r) => `${r.id},${r.class},"${r.body.replaceAll('"', '""')}"`)].join('\n')
          : rows.map((r) => JSON.stringify(r)).join('\n');
        return new Response(text, { status: 200, headers: { 'Content-Disposition': `attachment; filename="raw_data.${q.get('export')}"` } });
      }
      const limit = Number(q.get('limit') ?? 20);
      const offset = Number(q.get('record_offset') ?? 0);
      return json(rows.slice(offset, offset + limit), 200, { pagination_info: { offset, limit, total: rows.length, order_by: order ? [order] : [] } });
    }
    if (/\/filter_counts$/.test(p)) {
      const filters = decodeFilters(q);
      // Every key of the Filter count row, `{}` for dimensions nothing stores (as the server answers).
      const answer: Record<string, unknown> = { ...Object.fromEntries(filterCountRowKeys().map((k) => [k, {}])), total: select(q, filters).length };
      for (const [dimension, key, values] of COUNTED) {
        const without = { ...filters, [dimension]: emptyFilters()[dimension] };
        const counts: Record<string, number> = {};
        for (const r of select(q, without as Filters)) for (const v of values(r)) counts[v] = (counts[v] ?? 0) + 1;
        answer[key] = counts;
      }
      for (const d of rowFieldDimensions()) {
        const counts: Record<string, number> = {};
        for (const r of select(q, { ...filters, [d.name]: {} } as Filters)) {
          for (const value of valuesOf(r[d.rowField!]) ?? []) counts[value] = (counts[value] ?? 0) + 1;
        }
        answer[d.countKey] = counts;
      }
      return json(answer as FilterCounts);
    }
    if (p === '/api/v2/posts/details') {
      const ids = q.getAll('post_id');
      return json(posts.filter((r) => ids.includes(String(r.id))).map((r) => {
        const key = resolvePlatform(r.class);
        const defs = key ? PLATFORMS[key].statistics : null;
        return {
          ...r,
          statistics: defs === null ? null : defs.map((d) => ({
            key: d.key, label: d.label, value: (d.properties.map((x) => r.additional_properties[x]).find((v) => typeof v === 'number') as number | undefined) ?? null,
          })),
        };
      }));
    }
    if (p === '/api/v2/insights/notable_posts') {
      const type = q.get('type') ?? 'engagement';
      const rows = [...select(q)].sort((a, b) => (type === 'recent' ? b.published_at.localeCompare(a.published_at) : Number(b.additional_properties.score ?? 0) - Number(a.additional_properties.score ?? 0)));
      return json(rows.slice(0, Number(q.get('top_n') ?? 10)).map((post, i) => ({ rank: i + 1, type, score: type === 'recent' ? null : Number(post.additional_properties.score ?? 0), post })));
    }
    return json(null, 404, { errors: ['Not found'] });
  };

  return {
    fetch,
    calls,
    get preference() { return preference; },
    /** The last call to a path matching `path`. */
    last: (path: RegExp) => [...calls].reverse().find((c) => path.test(c.path)) ?? null,
    failNext: (path: RegExp, status: number, errors: string[]) => failures.push({ path, status, errors }),
  };
}
export type FakeExplorerApi = ReturnType<typeof fakeExplorerApi>;
