import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { tablesOf } from '@core/server/storage/database';
import type { AlertsTables } from '@plugins/alerts/server/tables';
import { conversationWithRun, posts, runAt, runWith, signIn, startServer, writePosts } from './support';

/**
 * A continuous conversation's run that collects nothing (a quiet week, a source down) is a point of zero on the series
 * the conversation had, not a gap: the metrics call shows it, and the next run's new posts are counted against the
 * empty run (all of them new), not against the last run that had posts.
 */
let t: TestServer;
let analyst: ApiClient;
let org: string;
let ids: Map<string, number>;
const idsOf = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ids.get(`${prefix}-${i}`)!);
const db = () => tablesOf<AlertsTables>(t.storage);
const at = (day: number) => new Date(Date.UTC(2025, 2, 1 + day)).toISOString();

beforeAll(async () => {
  t = await startServer();
  const a = await signIn(t, 'Org A', 'Analyst');
  analyst = a.client;
  org = a.user.organizationId;
  ids = await writePosts(t, org, [...posts('tw', 15, 'twitter'), ...posts('tg', 4, 'telegram')]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function rowsOf(runId: string) {
  return db().selectFrom('alerts_metrics').select(['platform', 'metric', 'value', 'new_posts'])
    .where('run_id', '=', runId).orderBy('metric').orderBy('platform').execute();
}

describe('a continuous run that collects no posts', () => {
  it('writes zeros for the series the conversation had, and the next run counts its new posts against it', async () => {
    const conversation = (await conversationWithRun(t, analyst, org, 'Harbour quiet', [])).conversationId;
    await runAt(t, org, conversation, [...idsOf('tw', 10), ...idsOf('tg', 4)], at(7));
    const empty = await runAt(t, org, conversation, [], at(8));
    const next = await runAt(t, org, conversation, [...idsOf('tw', 15)], at(9));

    expect((await rowsOf(empty)).map((r) => [r.metric, r.platform, Number(r.value), r.new_posts === null ? null : Number(r.new_posts)])).toEqual([
      ['post_count', 'telegram', 0, 0], ['post_count', 'twitter', 0, 0], ['risk_score', 'telegram', 0, null], ['risk_score', 'twitter', 0, null],
    ]);
    // The 10 twitter posts of the first run are new again after the empty run: 15 new, not 5.
    expect((await rowsOf(next)).filter((r) => r.metric === 'post_count').map((r) => [r.platform, Number(r.value), Number(r.new_posts)]))
      .toEqual([['twitter', 15, 15]]);

    const metrics = await analyst.get(`/api/v2/conversations/${conversation}/metrics?group_by=platform`);
    expect(metrics.status, metrics.text).toBe(200);
    expect(metrics.body.data.series.map((s: { key: string; points: Array<{ value: number }> }) => [s.key, s.points.map((p) => p.value)]))
      .toEqual([['telegram', [4, 0, 0]], ['twitter', [10, 0, 15]]]);
  });

  it('a one-off conversation\'s empty run, or a first run with nothing, writes no rows', async () => {
    const oneOff = (await conversationWithRun(t, analyst, org, 'Harbour once', [])).conversationId;
    await runWith(t, org, oneOff, idsOf('tw', 3), 'STATIC_RUN');
    expect(await rowsOf(await runWith(t, org, oneOff, [], 'STATIC_RUN'))).toEqual([]);
    const fresh = (await conversationWithRun(t, analyst, org, 'Harbour new', [])).conversationId;
    expect(await rowsOf(await runAt(t, org, fresh, [], at(7)))).toEqual([]);
  });
});
