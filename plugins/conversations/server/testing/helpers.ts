import { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { pipelineKey } from '@core/server/pipeline/runner';

/** A signed-in API client for a new user of `org` (test-only). */
export async function signedIn(t: TestServer, org: string, overrides: Parameters<TestServer['createUser']>[1] = {}) {
  const user = await t.createUser(org, overrides);
  const client = new ApiClient(t.url);
  await client.login(user.email, user.password);
  return { client, user };
}

export const pipelineOf = (t: TestServer) => t.server.ctx.services.get(pipelineKey);

/** A valid create body; override what a test is about. */
export function conversationBody(projectId: string, over: Record<string, unknown> = {}) {
  return {
    project_id: projectId, name: 'Election talk', query_string: '"mail-in ballots" AND (fraud OR rigged)',
    threat_feed: false, start_date: '2026-01-01T00:00', end_date: '2026-01-04T12:30', language: 'en', ...over,
  };
}

/** Every row of this plugin's tables and of the job table, to prove a refused call changed nothing. */
export async function snapshot(t: TestServer) {
  const db = t.storage.db as never as import('kysely').Kysely<any>;
  const all = async (table: string) => db.selectFrom(table).selectAll().orderBy('id').execute();
  return {
    projects: await all('conversations_projects'),
    conversations: await all('conversations_conversations'),
    runs: await all('core_pipeline_runs'),
    audit: await all('conversations_query_audit'),
  };
}
