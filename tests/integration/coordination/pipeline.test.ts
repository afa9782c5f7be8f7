import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineKey } from '@core/server/pipeline/runner';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { tablesOf } from '@core/server/storage/database';
import { CSRF_ACCESS_COOKIE, CSRF_HEADER } from '@core/shared/api/cookies';
import { serverPlugins } from '@plugins/index.server';
import { narrativesServiceKey } from '@plugins/topics/shared/public';
import type { CoordinationTables } from '@plugins/coordination/server/tables';
import { corpusJsonl, plantedCorpus } from '@plugins/coordination/server/testing/fixture';

/**
 * The stage in the real pipeline (import, collect, enrichment, topics, coordination): a conversation's run finds
 * the planted campaign, its posts carry the cluster in raw data, and the narratives count the clusters.
 */
let t: TestServer;
let api: ApiClient;
let conversationId: string;

beforeAll(async () => {
  t = await startTestServer({ plugins: serverPlugins, pipeline: { worker: false } });
  const user = await t.createUser('Coordination Pipeline', { admin: true });
  api = new ApiClient(t.url);
  await api.login(user.email, user.password);
  const imported = await fetch(`${t.url}/api/v2/posts/import?format=jsonl`, {
    method: 'POST', body: corpusJsonl(plantedCorpus(8, 21, 'p-', 'ballots')),
    headers: {
      'Content-Type': 'application/octet-stream', [CSRF_HEADER]: api.cookies.get(CSRF_ACCESS_COOKIE)!,
      Cookie: [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  expect(imported.status).toBe(200);
  const project = (await api.post('/api/v2/project', { name: 'Campaigns' })).body.data;
  conversationId = (await api.post('/api/v2/conversations', {
    project_id: project.id, name: 'Ballot links', query_string: 'ballots', threat_feed: false,
    start_date: '2025-01-05T00:00', end_date: '2025-01-20T00:00', language: 'en',
  })).body.data.id;
  await t.server.ctx.services.get(pipelineKey).drain();
}, 120_000);
afterAll(async () => t?.close());

describe('coordination.detect in the pipeline', () => {
  it('finds the campaign, and raw data shows its posts with coordination_only and the cluster filter', async () => {
    const clusters = (await api.get(`/api/v2/conversations/${conversationId}/coordination_clusters`)).body.data;
    expect(clusters.clusters.map((c: { cluster_id: string; preview: { number_accounts: number } }) => [c.cluster_id, c.preview.number_accounts])).toEqual([['c1', 8]]);
    const only = await api.get(`/api/v2/conversations/${conversationId}/raw_data?coordination_only=true&limit=100`);
    expect(only.status, only.text).toBe(200);
    expect(only.body.metadata.pagination_info.total).toBe(48);
    expect(only.body.data.every((r: { coordination_cluster_ids: string[] }) => r.coordination_cluster_ids.join() === 'c1')).toBe(true);
    const filtered = await api.get(`/api/v2/conversations/${conversationId}/raw_data?coordination_cluster=c1:true&limit=1`);
    expect(filtered.body.metadata.pagination_info.total).toBe(48);
    const counts = await api.get(`/api/v2/conversations/${conversationId}/filter_counts`);
    expect(counts.body.data.coordination_cluster).toEqual({ c1: 48 });
  });

  it('marks the run coordination_detected in the query audit', async () => {
    const audit = await api.get('/api/v2/query_audit?limit=-1');
    expect(audit.status, audit.text).toBe(200);
    const entries = (audit.body.data as Array<{ conversation_id: string; coordination_detected: boolean; status: string }>)
      .filter((e) => e.conversation_id === conversationId);
    expect(entries.map((e) => [e.status, e.coordination_detected])).toEqual([['SUCCESS', true]]);
  });

  it("sets each narrative's coordination_cluster_count to the clusters with a proving post in it", async () => {
    const topics = (await api.get(`/api/v2/conversations/${conversationId}/topics`)).body.data;
    const runId = topics.run_id as string;
    const organizationId = (await t.storage.db.selectFrom('core_pipeline_runs').select('organization_id').where('id', '=', runId).executeTakeFirstOrThrow()).organization_id;
    const topicOf = await t.server.ctx.services.get(narrativesServiceKey).topicOfPosts(organizationId, runId);
    const proving = await tablesOf<CoordinationTables>(t.storage).selectFrom('coordination_post_clusters').select(['post_id', 'cluster_id']).where('run_id', '=', runId).execute();
    const expected = new Map<string, Set<string>>();
    for (const p of proving) {
      const topic = topicOf.get(p.post_id);
      if (topic) expected.set(topic, (expected.get(topic) ?? new Set()).add(p.cluster_id));
    }
    expect(topics.narratives.length).toBeGreaterThan(0);
    // Some campaign posts fall in a topic, so at least one narrative counts the cluster.
    expect(topics.narratives.some((n: { coordination_cluster_count: number }) => n.coordination_cluster_count > 0)).toBe(true);
    for (const n of topics.narratives as Array<{ id: string; coordination_cluster_count: number }>) {
      expect(n.coordination_cluster_count, n.id).toBe(expected.get(n.id)?.size ?? 0);
    }

    // Each cluster member carries its most frequent topic, for the navigator's grouping by topic.
    const cluster = (await api.get(`/api/v2/coordinations/c1/cluster?conversation_id=${conversationId}`)).body.data;
    const narrativeIds = new Set(topics.narratives.map((n: { id: string }) => n.id));
    expect(cluster.accounts.some((a: { topic_id: string | null }) => a.topic_id !== null)).toBe(true);
    for (const a of cluster.accounts as Array<{ topic_id: string | null }>) if (a.topic_id !== null) expect(narrativeIds.has(a.topic_id)).toBe(true);
  });
});
