import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFromRow } from '@core/server/pipeline/runs';
import { postScopeKey } from '@core/server/postScope';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { countLinksOnFinish } from '@plugins/urls/server/runLinks';
import { dbOf } from '@plugins/urls/server/tables';
import { CORPUS, addRun, conversationWithRun, q, signIn, startServer, writePosts } from './support';

/**
 * The links a run shares, counted when it finishes (urls_run_links): urls-shared and domains-shared without filters
 * answer from them exactly what they answer counted live; filters and `url` still count live; a newer run's counts
 * replace the older run's.
 */
let t: TestServer;
let analyst: ApiClient;
let organizationId: string;
let conversation: string;
let postIds: Map<string, number>;

beforeAll(async () => {
  t = await startServer();
  const a = await signIn(t, 'Org Run Links', 'Analyst');
  analyst = a.client;
  organizationId = a.user.organizationId;
  postIds = await writePosts(t, organizationId, CORPUS);
  conversation = (await conversationWithRun(t, analyst, organizationId, 'Counted links', [...postIds.values()])).conversationId;
});
afterAll(async () => t?.close());

const get = async (path: string, params: Record<string, string | boolean>) => {
  const res = await analyst.get(`/api/v2/analysis/${path}?${q({ conversation_id: conversation, ...params })}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data as unknown[];
};
const CALLS: Array<[string, Record<string, string | boolean>]> = [
  ['urls-shared', {}], ['urls-shared', { exclude_twitter: true }], ['domains-shared', {}], ['domains-shared', { exclude_twitter: true }],
  ['urls-shared', { platforms: 'telegram:true' }], ['domains-shared', { platforms: 'twitter:false' }], ['urls-shared', { url: 'https://news.wire.org/a' }],
];
const answers = async () => Promise.all(CALLS.map(([path, params]) => get(path, params)));
const storedRuns = async () => (await dbOf(t.storage).selectFrom('urls_run_links').select('run_id').where('kind', '=', 'done')
  .where('organization_id', '=', organizationId).execute()).map((r) => r.run_id);

/** What the plugin does when the pipeline finishes a run: its listener, awaited until it has counted. */
async function finish(runId: string) {
  const row = await t.storage.db.selectFrom('core_pipeline_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
  const counted = new Promise<string>((resolve) => {
    void countLinksOnFinish({ db: dbOf(t.storage), postScope: () => t.server.ctx.services.get(postScopeKey), logger: t.server.ctx.logger, onCounted: resolve })(
      t.storage.db, runFromRow(row), 'finished');
  });
  expect(await counted).toBe(runId);
}

describe('links counted when a run finishes', () => {
  it('answer every call exactly as counting live does, with and without X; filters and url still count live', async () => {
    const live = await answers();
    expect(live[0]).toHaveLength(3);
    expect(await storedRuns()).toEqual([]);
    const latest = await t.storage.db.selectFrom('core_pipeline_runs').select('id').where('conversation_id', '=', conversation).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    await finish(latest.id);
    expect(await storedRuns()).toEqual([latest.id]);
    expect(await answers()).toEqual(live);
  });

  it("a newer run's counts replace the older run's, and its answers follow the newer run's posts", async () => {
    const older = await storedRuns();
    // The newer run leaves out the last three posts (p6, p7, p8): wire.org keeps only Boris's share.
    const newer = await addRun(t, organizationId, conversation, ['p1', 'p2', 'p3', 'p4', 'p5'].map((rid) => postIds.get(rid)!));
    await finish(newer);
    expect(await storedRuns()).toEqual([newer]);
    expect(older).not.toContain(newer);
    const domains = await get('domains-shared', {}) as Array<{ domain: string; value: number }>;
    expect(domains.map((d) => [d.domain, d.value])).toEqual([['fresh-report.com', 5], ['wire.org', 1]]);
  });
});
