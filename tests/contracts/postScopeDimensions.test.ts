import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineKey } from '@core/server/pipeline/runner';
import { postScopeKey } from '@core/server/postScope';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { CSRF_ACCESS_COOKIE, CSRF_HEADER } from '@core/shared/api/cookies';
import { countKeyOf, filterDimensions, isBooleanDimension } from '@core/shared/filters';
import { serverPlugins } from '@plugins/index.server';
import templateServer from '@plugins/_template/server';
import { serverPluginProblems } from '@core/server/plugin/validate';
import { corpusJsonl, plantedCorpus } from '@plugins/coordination/server/testing/fixture';

/**
 * A plugin extends the filter vocabulary from its own folder: the template plugin (plugins/_template) declares
 * `template_post_length` in shared/dimensions.ts and answers it with a facet; composing it is the two index lines
 * (here: the server list plus the template). Its dimension then reaches filter_counts, raw_data, the topics calls and
 * the coordination calls with no other change.
 *
 * Every analysis route answers over core's post scope, so every filter dimension some plugin provides must narrow
 * every one of them. For each route and dimension this looks for a selection (a value included or excluded, true
 * or false, a date range) that makes the route's answer smaller than without filters; a route that ignores the
 * dimension never finds one. Corpus: a planted 8-account campaign among 120 organic accounts, through the real
 * pipeline (import, collect, enrichment, topics, coordination).
 */

let t: TestServer;
let api: ApiClient;
let conversationId: string;
let edge: { i: string; j: string };
let member: string;
let counts: Record<string, unknown>;

type Measure = (filters: string) => Promise<number>;

const get = async (path: string) => {
  const res = await api.get(path);
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res.body as { data: any; metadata: any };
};

const routes: Record<string, Measure> = {
  raw_data: async (f) => (await get(`/api/v2/conversations/${conversationId}/raw_data?limit=1&${f}`)).metadata.pagination_info.total,
  filter_counts: async (f) => (await get(`/api/v2/conversations/${conversationId}/filter_counts?${f}`)).data.total,
  topics: async (f) => (await get(`/api/v2/conversations/${conversationId}/topics?${f}`)).data.total_posts,
  coordination_clusters: async (f) => (await get(`/api/v2/conversations/${conversationId}/coordination_clusters?${f}`)).data.clusters.length,
  coordination_graph: async (f) => {
    const clusters = (await get(`/api/v2/conversations/${conversationId}/coordination_graph?${f}`)).data.clusters as Array<{ edges: unknown[] }>;
    return clusters.length + clusters.reduce((n, c) => n + c.edges.length, 0);
  },
  'coordinations cluster': async (f) => (await get(`/api/v2/coordinations/c1/cluster?conversation_id=${conversationId}&${f}`)).data.edges.length,
  'coordinations edge': async (f) => {
    const data = (await get(`/api/v2/coordinations/c1/edge?conversation_id=${conversationId}&i=${edge.i}&j=${edge.j}&${f}`)).data;
    return (data.coordinations as Array<{ evidence: unknown[] }>).reduce((n, c) => n + c.evidence.length, 0);
  },
  'coordinations node': async (f) => (await get(`/api/v2/coordinations/c1/node?conversation_id=${conversationId}&user_rid=${member}&${f}`)).data.connected_accounts.length,
  'accounts sharing': async (f) => (await get(`/api/v2/accounts/sharing?conversation_id=${conversationId}&kind=domain&value=campaign.example&${f}`)).data.posts,
  'analysis urls-shared': async (f) => ((await get(`/api/v2/analysis/urls-shared?conversation_id=${conversationId}&${f}`)).data as Array<{ value: number }>)
    .reduce((n, u) => n + u.value, 0),
  'analysis domains-shared': async (f) => ((await get(`/api/v2/analysis/domains-shared?conversation_id=${conversationId}&${f}`)).data as Array<{ value: number }>)
    .reduce((n, d) => n + d.value, 0),
  'insights key_accounts': async (f) => ((await get(`/api/v2/insights/key_accounts?conversation_id=${conversationId}&top_n=1000&${f}`)).data as Array<{ value: number }>)
    .reduce((n, a) => n + a.value, 0),
};

/** The selections to try for a dimension, as query strings: every value seen in filter_counts, included and excluded. */
function selections(dimension: string): string[] {
  if (isBooleanDimension(dimension)) return [`${dimension}=true`, `${dimension}=false`];
  if (dimension === 'start_range') return ['start_range=2025-01-11T00:00:00Z', 'start_range=2030-01-01T00:00:00Z'];
  if (dimension === 'end_range') return ['end_range=2025-01-08T00:00:00Z', 'end_range=2000-01-01T00:00:00Z'];
  const seen = Object.keys((counts[countKeyOf(dimension)] ?? {}) as Record<string, number>);
  // The declared vocabulary is tried too, so a dimension no post has a value of still has selections to try.
  const declared = filterDimensions.get(dimension);
  const values = [...new Set([...seen, ...(declared?.closedValues ?? []), ...Object.keys(declared?.valueLabels ?? {})])];
  expect(values.length, `filter_counts has no ${dimension} values`).toBeGreaterThan(0);
  return values.flatMap((v) => [`${dimension}=${encodeURIComponent(`${v}:true`)}`, `${dimension}=${encodeURIComponent(`${v}:false`)}`]);
}

beforeAll(async () => {
  t = await startTestServer({ plugins: [...serverPlugins, templateServer], pipeline: { worker: false } });
  const user = await t.createUser('Every dimension', { admin: true });
  api = new ApiClient(t.url);
  await api.login(user.email, user.password);
  const imported = await fetch(`${t.url}/api/v2/posts/import?format=jsonl`, {
    method: 'POST', body: corpusJsonl(plantedCorpus(8, 33, 'd-', 'ballots')),
    headers: {
      'Content-Type': 'application/octet-stream', [CSRF_HEADER]: api.cookies.get(CSRF_ACCESS_COOKIE)!,
      Cookie: [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  expect(imported.status).toBe(200);
  const project = (await api.post('/api/v2/project', { name: 'Dimensions' })).body.data;
  conversationId = (await api.post('/api/v2/conversations', {
    project_id: project.id, name: 'Ballots', query_string: 'ballots', threat_feed: false,
    start_date: '2025-01-05T00:00', end_date: '2025-01-20T00:00', language: 'en',
  })).body.data.id;
  await t.server.ctx.services.get(pipelineKey).drain();
  counts = (await get(`/api/v2/conversations/${conversationId}/filter_counts`)).data;
  const cluster = (await get(`/api/v2/coordinations/c1/cluster?conversation_id=${conversationId}`)).data;
  edge = cluster.edges[0];
  member = edge.i;
  // The insights plugin's seven dimensions need approved insights: on a campaign member and on an organic account,
  // with different values of every property (a value of the organic account alone selects no coordination).
  const reviewer = await t.createUser('Every dimension', { roles: ['Senior Analyst'] });
  const senior = new ApiClient(t.url);
  await senior.login(reviewer.email, reviewer.password);
  const authors = ((await get(`/api/v2/conversations/${conversationId}/raw_data?limit=100`)).data as Array<{ user_rid: string }>).map((r) => r.user_rid);
  const organic = authors.find((rid) => rid.startsWith('d-org'))!;
  const insights: Array<[string, Record<string, unknown>]> = [
    [member, { subcategory: ['Coordinated Inauthentic Network'], country_of_origin: 'Russia', operating_country: 'Latvia', state_association: 'Russia', role: 'Influencer', language: ['English'], region: 'Europe' }],
    [organic, { subcategory: ['Mainstream News'], country_of_origin: 'France', operating_country: 'France', state_association: 'France', role: 'Journalist', language: ['French'], region: 'North America' }],
  ];
  for (const [rid, properties] of insights) {
    const created = await senior.post('/api/v2/insights', { analyzable_type: 'account', platform: 'twitter', analyzable_id: rid, additional_properties: properties });
    expect(created.status, created.text).toBe(200);
    expect((await senior.patch('/api/v2/insights', { id: created.body.data.id, status: 'approved' })).status).toBe(200);
  }
  counts = (await get(`/api/v2/conversations/${conversationId}/filter_counts`)).data;
}, 180_000);
afterAll(async () => t?.close());

describe("a plugin's own filter dimension", () => {
  it('composes without contract problems', () => {
    expect(serverPluginProblems([...serverPlugins, templateServer])).toEqual([]);
  });

  it('is counted by filter_counts and selects exactly those posts in raw_data, topics and coordination', async () => {
    const lengths = counts.template_post_length as Record<string, number>;
    expect(Object.keys(lengths).sort()).toEqual(['medium', 'short']);
    expect(lengths.short! + lengths.medium!).toBe(counts.total);
    const medium = 'template_post_length=medium:true';
    expect(await routes.raw_data!(medium)).toBe(lengths.medium);
    // Its row field (the dimension's rowField, from the plugin's facet) rides on every raw data row.
    const rows = (await get(`/api/v2/conversations/${conversationId}/raw_data?limit=50&${medium}`)).data as Array<{ template_post_length: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.template_post_length === 'medium')).toBe(true);
    expect((await get(`/api/v2/conversations/${conversationId}/filter_counts?${medium}`)).data.total).toBe(lengths.medium);
    const topicsAll = await routes.topics!('');
    const topicsMedium = await routes.topics!(medium);
    expect(topicsMedium).toBeGreaterThan(0);
    expect(topicsMedium).toBeLessThan(topicsAll);
    // The campaign's posts are short ("ballots Read this now 3"): medium posts prove no coordination.
    expect(await routes.coordination_clusters!(medium)).toBe(0);
    expect(await routes.coordination_clusters!('template_post_length=short:true')).toBe(1);
    const bad = await api.get(`/api/v2/conversations/${conversationId}/raw_data?template_post_length=huge:true`);
    expect(bad.status).toBe(400);
    expect(bad.body.metadata.errors).toEqual(['template_post_length: template_post_length is one of short, medium, long ("huge:true")']);
  });
});

describe('every analysis route honours every provided filter dimension', () => {
  it('has a source for every declared dimension: the store or the declaring plugin\'s facet', () => {
    const provided = t.server.ctx.services.get(postScopeKey).providedDimensions();
    expect(provided.sort()).toEqual(filterDimensions.names().sort());
    expect(provided.length).toBeGreaterThanOrEqual(11);
  });

  const dimensions = (): string[] => [...filterDimensions.names(), 'start_range', 'end_range'];

  for (const [route, measure] of Object.entries(routes)) {
    it(`${route} narrows under each dimension`, async () => {
      const baseline = await measure('');
      expect(baseline, `${route} has nothing to narrow`).toBeGreaterThan(0);
      const ignored: string[] = [];
      for (const dimension of dimensions()) {
        let narrowed = false;
        for (const selection of selections(dimension)) {
          const answer = await measure(selection);
          expect(answer, `${route} ${selection} grew the answer`).toBeLessThanOrEqual(baseline);
          if (answer < baseline) { narrowed = true; break; }
        }
        if (!narrowed) ignored.push(dimension);
      }
      expect(ignored, `${route} ignores these dimensions`).toEqual([]);
    }, 120_000);
  }
});
