import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { conversationWithRun, criterion, posts, ruleBody, runAt, signIn, startServer, writePosts } from './support';

/**
 * A continuous conversation's runs are not always a day apart: the schedule pauses, an analyst re-runs an hour after
 * the last run. The unusual-change criterion judges the posts new since the previous run as posts per day times the
 * run's period (ADR 0011, last section), so three quiet days after a pause are not a surge, and a surge after a
 * re-run is still one.
 */
let t: TestServer;
let analyst: ApiClient;
let continuous: string;
const runIds: string[] = [];
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 2, 1);
// Posts published per day; day 23 surges (60 against about 21).
const DAILY = [20, 22, 19, 21, 20, 23, 21, 20, 22, 21, 19, 22, 21, 20, 23, 22, 21, 20, 22, 21, 22, 20, 21, 60];
const unusual = criterion({ kind: 'unusual_change', sensitivity: 'medium', threshold: 0 });
// Each run: the end of the last day it holds, and the days of its 7-day window.
const schedule: { at: number; lastDay: number }[] = [
  // Daily runs at the end of days 6 to 19,
  ...Array.from({ length: 14 }, (_, k) => ({ at: T0 + (k + 7) * DAY, lastDay: k + 6 })),
  // then a pause: the next run at the end of day 22 (days 20, 21 and 22 are new, 63 posts of three ordinary days),
  { at: T0 + 23 * DAY, lastDay: 22 },
  // a re-run an hour later (nothing new),
  { at: T0 + 23 * DAY + 3_600_000, lastDay: 22 },
  // and the next scheduled run, 23 hours later, with day 23's surge.
  { at: T0 + 24 * DAY, lastDay: 23 },
];

beforeAll(async () => {
  t = await startServer();
  const a = await signIn(t, 'Org A', 'Analyst');
  analyst = a.client;
  const org = a.user.organizationId;
  const dayIds = await writePosts(t, org, DAILY.flatMap((n, d) => posts(`day${d}`, n, 'twitter', d * 24)));
  const ofDay = (d: number) => Array.from({ length: DAILY[d]! }, (_, i) => dayIds.get(`day${d}-${i}`)!);
  continuous = (await conversationWithRun(t, analyst, org, 'Harbour daily', [])).conversationId;
  const watch = await analyst.post('/api/v2/alerts/configs', ruleBody(continuous, { name: 'Harbour daily watch', config: { criteria: [unusual] } }));
  expect(watch.status, watch.text).toBe(200);
  for (const run of schedule) {
    const window = Array.from({ length: 7 }, (_, k) => ofDay(run.lastDay - 6 + k)).flat();
    runIds.push(await runAt(t, org, continuous, window, new Date(run.at).toISOString()));
  }
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('unusual change on a continuous conversation whose runs are not a day apart', () => {
  it('fires at the surge only: three ordinary days after a pause and a re-run an hour later are not unusual', async () => {
    const fired = await analyst.get(`/api/v2/conversations/${continuous}/alerts`);
    expect(fired.status, fired.text).toBe(200);
    expect(fired.body.data.map((f: { details: { dag_run_id: string } }) => runIds.indexOf(f.details.dag_run_id))).toEqual([schedule.length - 1]);
    const stored = fired.body.data[0].details;
    const why = stored.criteria[0];
    // History: the first run's window (one point of 7 days), the 13 daily runs' new posts, the run after the pause and
    // the re-run; the surge's run came 23 hours after the re-run, so it expects 23/24 of the history's posts per day.
    expect(why).toMatchObject({ fired: true, explanation: { basis: 'new_posts', model: 'change_point', observed: 60, history_points: 16, period_days: 0.96 } });
    expect(why.explanation.expected).toBeGreaterThan(18);
    expect(why.explanation.expected).toBeLessThan(22);
    expect(stored.message).toMatch(new RegExp(`^Harbour daily watch: post_count was ${why.actual} over the run's window: 60 new posts since the previous run, ` +
      `about ${why.explanation.expected} expected in 0\\.96 days \\(level over the last \\d+ runs: \\d+\\.\\d/day; history median: \\d+\\.\\d/day\\); chance of 60 or more: `));

    // The preview judges the same history alike.
    const preview = await analyst.post('/api/v2/alerts/preview', { alertable_id: continuous, config: { criteria: [unusual] } });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.firings.map((f: { dag_run_id: string }) => f.dag_run_id)).toEqual([stored.dag_run_id]);
    expect(preview.body.data.firings[0].criteria).toEqual(stored.criteria);
  });
});
