import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { conversationWithRun, criterion, posts, ruleBody, runWith, signIn, startServer, writePosts } from './support';

/**
 * Issue 16: "the rule dialog's preview shows the same firings". A rule watches a conversation while 20 runs come in
 * (the evaluation stage judges each run as it arrives); the preview call the rule dialog makes (POST
 * /api/v2/alerts/preview) then answers, over the same history, exactly the runs, criteria and messages stored as fired
 * alerts.
 */
let t: TestServer;
let analyst: ApiClient;
let org: string;
let conversation: string;
const runs: string[] = [];

// Posts per run: twitter holds two surges (runs 10 and 17), telegram doubles once (run 14).
const TWITTER = [20, 22, 19, 21, 20, 23, 21, 20, 22, 21, 60, 22, 21, 20, 23, 22, 21, 70, 22, 21];
const TELEGRAM = TWITTER.map((_, i) => (i === 14 ? 12 : 5));
const config = {
  criteria: [
    criterion({ kind: 'unusual_change', sensitivity: 'medium', threshold: 0 }),
    criterion({ unit: 'percent', threshold: 100, platform: ['telegram'] }),
  ],
};

beforeAll(async () => {
  t = await startServer();
  const a = await signIn(t, 'Org A', 'Analyst');
  analyst = a.client;
  org = a.user.organizationId;
  const ids = await writePosts(t, org, [...posts('tw', 70, 'twitter'), ...posts('tg', 12, 'telegram')]);
  const first = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ids.get(`${prefix}-${i}`)!);
  conversation = (await conversationWithRun(t, analyst, org, 'Harbour', [])).conversationId;
  const rule = await analyst.post('/api/v2/alerts/configs', ruleBody(conversation, { name: 'Harbour watch', config }));
  expect(rule.status, rule.text).toBe(200);
  for (const [i, n] of TWITTER.entries()) runs.push(await runWith(t, org, conversation, [...first('tw', n), ...first('tg', TELEGRAM[i]!)]));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the rule dialog\'s preview', () => {
  it('answers exactly the firings the evaluation stored run by run', async () => {
    const fired = await analyst.get(`/api/v2/conversations/${conversation}/alerts`);
    expect(fired.status, fired.text).toBe(200);
    const stored = [...fired.body.data].sort((x, y) => x.run_at.localeCompare(y.run_at));
    // The two surges (unusual change) and telegram's doubling (threshold 100 %), nothing else.
    expect(stored.map((f: { details: { dag_run_id: string } }) => runs.indexOf(f.details.dag_run_id))).toEqual([10, 14, 17]);

    const preview = await analyst.post('/api/v2/alerts/preview', { alertable_id: conversation, config });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.points).toBe(TWITTER.length);
    // What the chart draws: each criterion's series, run by run.
    const values = (i: number) => preview.body.data.series[i].points.map((p: { value: number }) => p.value);
    expect(values(0)).toEqual(TWITTER.map((n, i) => n + TELEGRAM[i]!));
    expect(values(1)).toEqual(TELEGRAM);
    const firings = preview.body.data.firings;
    expect(firings.map((f: { dag_run_id: string }) => f.dag_run_id)).toEqual(stored.map((f: { details: { dag_run_id: string } }) => f.details.dag_run_id));
    expect(firings.map((f: { timestamp: string }) => f.timestamp)).toEqual(stored.map((f: { run_at: string }) => f.run_at));
    expect(firings.map((f: { criteria: unknown }) => f.criteria)).toEqual(stored.map((f: { details: { criteria: unknown } }) => f.details.criteria));
    // Only the rule's name differs: the preview names it 'Preview'.
    expect(firings.map((f: { message: string }) => f.message.replace(/^Preview: /, ''))).toEqual(
      stored.map((f: { details: { message: string } }) => f.details.message.replace(/^Harbour watch: /, '')));
    // Why the first surge fired: the model's expectation and tail probability against the sensitivity's cutoff.
    const why = firings[0].criteria[0];
    expect(why).toMatchObject({ kind: 'unusual_change', actual: 65, fired: true, explanation: { history_points: 10, cutoff: 5e-3 } });
    expect(why.explanation.tail_probability).toBeLessThan(5e-3);
  });
});
