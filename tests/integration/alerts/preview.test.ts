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
// Posts published per day on a continuous conversation: day 20 surges.
const DAILY = [20, 22, 19, 21, 20, 23, 21, 20, 22, 21, 19, 22, 21, 20, 23, 22, 21, 20, 22, 21, 60, 22, 21, 20, 23, 22];
let continuous: string;
const dailyRuns: string[] = [];
const unusual = criterion({ kind: 'unusual_change', sensitivity: 'medium', threshold: 0 });
const config = {
  criteria: [
    unusual,
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
  // A one-off conversation re-run: each run's count is judged as it is.
  for (const [i, n] of TWITTER.entries()) runs.push(await runWith(t, org, conversation, [...first('tw', n), ...first('tg', TELEGRAM[i]!)], 'STATIC_MANUAL_RERUN'));

  // A continuous conversation: each daily run holds the last 7 days' posts; day 20 surges.
  const dayIds = await writePosts(t, org, DAILY.flatMap((n, d) => posts(`day${d}`, n, 'twitter', d * 24)));
  const ofDay = (d: number) => Array.from({ length: DAILY[d]! }, (_, i) => dayIds.get(`day${d}-${i}`)!);
  continuous = (await conversationWithRun(t, analyst, org, 'Harbour daily', [])).conversationId;
  const watch = await analyst.post('/api/v2/alerts/configs', ruleBody(continuous, { name: 'Harbour daily watch', config: { criteria: [unusual] } }));
  expect(watch.status, watch.text).toBe(200);
  for (let day = 6; day < DAILY.length; day++) {
    dailyRuns.push(await runWith(t, org, continuous, Array.from({ length: 7 }, (_, k) => ofDay(day - 6 + k)).flat(), 'SCHEDULED_RUN'));
  }
}, 180_000);
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
    expect(why).toMatchObject({ kind: 'unusual_change', actual: 65, fired: true, explanation: { history_points: 10, cutoff: 5e-3, basis: 'value' } });
    expect(why.explanation.tail_probability).toBeLessThan(5e-3);
  });

  it('on a continuous conversation judges the posts new since the previous run, and says so', async () => {
    const fired = await analyst.get(`/api/v2/conversations/${continuous}/alerts`);
    expect(fired.status, fired.text).toBe(200);
    // Only the surge's run: day 20's posts are new at the run that ends with day 20 (a 7-day total rising by 40 of 149).
    expect(fired.body.data.map((f: { details: { dag_run_id: string } }) => dailyRuns.indexOf(f.details.dag_run_id))).toEqual([14]);
    const stored = fired.body.data[0].details;

    const preview = await analyst.post('/api/v2/alerts/preview', { alertable_id: continuous, config: { criteria: [unusual] } });
    expect(preview.status, preview.text).toBe(200);
    // The chart draws the spec's metric, the 7-day window's post_count.
    const totals = dailyRuns.map((_, r) => DAILY.slice(r, r + 7).reduce((a, b) => a + b, 0));
    expect(preview.body.data.series[0].points.map((p: { value: number }) => p.value)).toEqual(totals);
    expect(preview.body.data.firings.map((f: { dag_run_id: string }) => f.dag_run_id)).toEqual([stored.dag_run_id]);
    expect(preview.body.data.firings[0].criteria).toEqual(stored.criteria);
    expect(preview.body.data.firings[0].message).toBe(stored.message.replace(/^Harbour daily watch: /, 'Preview: '));

    const why = stored.criteria[0];
    // The first run's window is one point (its posts over 7 days), then 13 runs' new posts (days 7 to 19); expected: the
    // change-point predictive's mean, a level of about 21 a day. The test makes its runs moments apart, each counted as
    // an hour (the shortest period): the history's rate per hour times an hour (irregularRuns.test.ts: real periods).
    expect(why).toMatchObject({ actual: totals[14], previous: totals[13], fired: true, explanation: { basis: 'new_posts', observed: 60, history_points: 14, model: 'change_point', period_days: 0.04 } });
    expect(why.explanation.expected).toBeGreaterThan(20);
    expect(why.explanation.expected).toBeLessThan(22);
    expect(stored.message).toMatch(new RegExp(`^Harbour daily watch: post_count was ${totals[14]} over the run's window: 60 new posts since the previous run, ` +
      `about ${why.explanation.expected} expected in 0\\.04 days \\(level over the last \\d+ runs: \\d+\\.\\d/day; history median: \\d+\\.\\d/day\\); ` +
      `chance of 60 or more: \\d\\.\\de-\\d+, below the medium sensitivity's cutoff 3\\.8e-4$`));
  });
});
